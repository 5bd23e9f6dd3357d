/**
 * Which 40 CFR 68.130 substances are toxic and which flammable, by CAS, for an RMP list that does
 * not say (EPA's Consolidated List of Lists gives only a "CAA 112(r) TQ" column): rules §8.
 *
 * Source: 40 CFR 68.130, Table 1 (regulated toxic substances, alphabetical; Table 2 is the same 77
 * listings by CAS) and Table 3 (regulated flammable substances, alphabetical; Table 4 is the same
 * 63 by CAS), as first published at 59 FR 4478 (31 January 1994): "a list of 77 toxic substances,
 * a list of 63 flammable substances". Names as the tables print them (bracketed synonyms kept).
 * Transcribed 2026-11-28; each name checked against the 77 + 63 substance names of EPA's RMP
 * submission chemical list, each CAS against a second published transcription of the tables.
 * Toxic thresholds run 500 to 20,000 lb; every flammable's is 10,000 lb. The thresholds are the
 * uploaded list's own (its TQ column), so they are not repeated here.
 *
 * Two toxic CAS numbers carry two listings each (ammonia 7664-41-7 anhydrous and conc 20% or
 * greater; 7647-01-0 hydrogen chloride anhydrous and hydrochloric acid conc 37% or greater): 77
 * listings, 75 CAS numbers. No CAS is both toxic and flammable.
 */
import { AMMONIA_CAS, AMMONIUM_HYDROXIDE_CAS, normalizeCas } from './reference.ts';

export type RmpTableKind = 'toxic' | 'flammable';

export interface RmpTableSubstance {
  name: string;
  cas_number: string;
}

/** 40 CFR 68.130 Table 1 (toxics; Table 2 by CAS): 77 listings. */
export const RMP_TABLE_1_TOXICS: readonly RmpTableSubstance[] = [
  { name: 'Acrolein [2-Propenal]', cas_number: '107-02-8' },
  { name: 'Acrylonitrile [2-Propenenitrile]', cas_number: '107-13-1' },
  { name: 'Acrylyl chloride [2-Propenoyl chloride]', cas_number: '814-68-6' },
  { name: 'Allyl alcohol [2-Propen-1-ol]', cas_number: '107-18-6' },
  { name: 'Allylamine [2-Propen-1-amine]', cas_number: '107-11-9' },
  { name: 'Ammonia (anhydrous)', cas_number: '7664-41-7' },
  { name: 'Ammonia (conc 20% or greater)', cas_number: '7664-41-7' },
  { name: 'Arsenous trichloride', cas_number: '7784-34-1' },
  { name: 'Arsine', cas_number: '7784-42-1' },
  { name: 'Boron trichloride [Borane, trichloro-]', cas_number: '10294-34-5' },
  { name: 'Boron trifluoride [Borane, trifluoro-]', cas_number: '7637-07-2' },
  { name: 'Boron trifluoride compound with methyl ether (1:1)', cas_number: '353-42-4' },
  { name: 'Bromine', cas_number: '7726-95-6' },
  { name: 'Carbon disulfide', cas_number: '75-15-0' },
  { name: 'Chlorine', cas_number: '7782-50-5' },
  { name: 'Chlorine dioxide [Chlorine oxide (ClO2)]', cas_number: '10049-04-4' },
  { name: 'Chloroform [Methane, trichloro-]', cas_number: '67-66-3' },
  { name: 'Chloromethyl ether [Methane, oxybis[chloro-]]', cas_number: '542-88-1' },
  { name: 'Chloromethyl methyl ether [Methane, chloromethoxy-]', cas_number: '107-30-2' },
  { name: 'Crotonaldehyde [2-Butenal]', cas_number: '4170-30-3' },
  { name: 'Crotonaldehyde, (E)- [2-Butenal, (E)-]', cas_number: '123-73-9' },
  { name: 'Cyanogen chloride', cas_number: '506-77-4' },
  { name: 'Cyclohexylamine [Cyclohexanamine]', cas_number: '108-91-8' },
  { name: 'Diborane', cas_number: '19287-45-7' },
  { name: 'Dimethyldichlorosilane [Silane, dichlorodimethyl-]', cas_number: '75-78-5' },
  { name: '1,1-Dimethylhydrazine [Hydrazine, 1,1-dimethyl-]', cas_number: '57-14-7' },
  { name: 'Epichlorohydrin [Oxirane, (chloromethyl)-]', cas_number: '106-89-8' },
  { name: 'Ethylenediamine [1,2-Ethanediamine]', cas_number: '107-15-3' },
  { name: 'Ethyleneimine [Aziridine]', cas_number: '151-56-4' },
  { name: 'Ethylene oxide [Oxirane]', cas_number: '75-21-8' },
  { name: 'Fluorine', cas_number: '7782-41-4' },
  { name: 'Formaldehyde (solution)', cas_number: '50-00-0' },
  { name: 'Furan', cas_number: '110-00-9' },
  { name: 'Hydrazine', cas_number: '302-01-2' },
  { name: 'Hydrochloric acid (conc 37% or greater)', cas_number: '7647-01-0' },
  { name: 'Hydrocyanic acid', cas_number: '74-90-8' },
  { name: 'Hydrogen chloride (anhydrous) [Hydrochloric acid]', cas_number: '7647-01-0' },
  { name: 'Hydrogen fluoride/Hydrofluoric acid (conc 50% or greater)', cas_number: '7664-39-3' },
  { name: 'Hydrogen selenide', cas_number: '7783-07-5' },
  { name: 'Hydrogen sulfide', cas_number: '7783-06-4' },
  { name: 'Iron, pentacarbonyl- [Iron carbonyl (Fe(CO)5), (TB-5-11)-]', cas_number: '13463-40-6' },
  { name: 'Isobutyronitrile [Propanenitrile, 2-methyl-]', cas_number: '78-82-0' },
  { name: 'Isopropyl chloroformate [Carbonochloridic acid, 1-methylethyl ester]', cas_number: '108-23-6' },
  { name: 'Methacrylonitrile [2-Propenenitrile, 2-methyl-]', cas_number: '126-98-7' },
  { name: 'Methyl chloride [Methane, chloro-]', cas_number: '74-87-3' },
  { name: 'Methyl chloroformate [Carbonochloridic acid, methylester]', cas_number: '79-22-1' },
  { name: 'Methyl hydrazine [Hydrazine, methyl-]', cas_number: '60-34-4' },
  { name: 'Methyl isocyanate [Methane, isocyanato-]', cas_number: '624-83-9' },
  { name: 'Methyl mercaptan [Methanethiol]', cas_number: '74-93-1' },
  { name: 'Methyl thiocyanate [Thiocyanic acid, methyl ester]', cas_number: '556-64-9' },
  { name: 'Methyltrichlorosilane [Silane, trichloromethyl-]', cas_number: '75-79-6' },
  { name: 'Nickel carbonyl', cas_number: '13463-39-3' },
  { name: 'Nitric acid (conc 80% or greater)', cas_number: '7697-37-2' },
  { name: 'Nitric oxide [Nitrogen oxide (NO)]', cas_number: '10102-43-9' },
  {
    name: 'Oleum (Fuming Sulfuric acid) [Sulfuric acid, mixture with sulfur trioxide]',
    cas_number: '8014-95-7',
  },
  { name: 'Peracetic acid [Ethaneperoxoic acid]', cas_number: '79-21-0' },
  { name: 'Perchloromethylmercaptan [Methanesulfenyl chloride, trichloro-]', cas_number: '594-42-3' },
  { name: 'Phosgene [Carbonic dichloride]', cas_number: '75-44-5' },
  { name: 'Phosphine', cas_number: '7803-51-2' },
  { name: 'Phosphorus oxychloride [Phosphoryl chloride]', cas_number: '10025-87-3' },
  { name: 'Phosphorus trichloride [Phosphorous trichloride]', cas_number: '7719-12-2' },
  { name: 'Piperidine', cas_number: '110-89-4' },
  { name: 'Propionitrile [Propanenitrile]', cas_number: '107-12-0' },
  { name: 'Propyl chloroformate [Carbonochloridic acid, propylester]', cas_number: '109-61-5' },
  { name: 'Propyleneimine [Aziridine, 2-methyl-]', cas_number: '75-55-8' },
  { name: 'Propylene oxide [Oxirane, methyl-]', cas_number: '75-56-9' },
  { name: 'Sulfur dioxide (anhydrous)', cas_number: '7446-09-5' },
  { name: 'Sulfur tetrafluoride [Sulfur fluoride (SF4), (T-4)-]', cas_number: '7783-60-0' },
  { name: 'Sulfur trioxide', cas_number: '7446-11-9' },
  { name: 'Tetramethyllead [Plumbane, tetramethyl-]', cas_number: '75-74-1' },
  { name: 'Tetranitromethane [Methane, tetranitro-]', cas_number: '509-14-8' },
  { name: 'Titanium tetrachloride [Titanium chloride (TiCl4) (T-4)-]', cas_number: '7550-45-0' },
  { name: 'Toluene 2,4-diisocyanate [Benzene, 2,4-diisocyanato-1-methyl-]', cas_number: '584-84-9' },
  { name: 'Toluene 2,6-diisocyanate [Benzene, 1,3-diisocyanato-2-methyl-]', cas_number: '91-08-7' },
  {
    name: 'Toluene diisocyanate (unspecified isomer) [Benzene, 1,3-diisocyanatomethyl-]',
    cas_number: '26471-62-5',
  },
  { name: 'Trimethylchlorosilane [Silane, chlorotrimethyl-]', cas_number: '75-77-4' },
  { name: 'Vinyl acetate monomer [Acetic acid ethenyl ester]', cas_number: '108-05-4' },
];

/** 40 CFR 68.130 Table 3 (flammables; Table 4 by CAS): 63 substances, each 10,000 lb. */
export const RMP_TABLE_3_FLAMMABLES: readonly RmpTableSubstance[] = [
  { name: 'Acetaldehyde', cas_number: '75-07-0' },
  { name: 'Acetylene [Ethyne]', cas_number: '74-86-2' },
  { name: 'Bromotrifluorethylene [Ethene, bromotrifluoro-]', cas_number: '598-73-2' },
  { name: '1,3-Butadiene', cas_number: '106-99-0' },
  { name: 'Butane', cas_number: '106-97-8' },
  { name: '1-Butene', cas_number: '106-98-9' },
  { name: '2-Butene', cas_number: '107-01-7' },
  { name: 'Butene', cas_number: '25167-67-3' },
  { name: '2-Butene-cis', cas_number: '590-18-1' },
  { name: '2-Butene-trans [2-Butene, (E)]', cas_number: '624-64-6' },
  { name: 'Carbon oxysulfide [Carbon oxide sulfide (COS)]', cas_number: '463-58-1' },
  { name: 'Chlorine monoxide [Chlorine oxide]', cas_number: '7791-21-1' },
  { name: '2-Chloropropylene [1-Propene, 2-chloro-]', cas_number: '557-98-2' },
  { name: '1-Chloropropylene [1-Propene, 1-chloro-]', cas_number: '590-21-6' },
  { name: 'Cyanogen [Ethanedinitrile]', cas_number: '460-19-5' },
  { name: 'Cyclopropane', cas_number: '75-19-4' },
  { name: 'Dichlorosilane [Silane, dichloro-]', cas_number: '4109-96-0' },
  { name: 'Difluoroethane [Ethane, 1,1-difluoro-]', cas_number: '75-37-6' },
  { name: 'Dimethylamine [Methanamine, N-methyl-]', cas_number: '124-40-3' },
  { name: '2,2-Dimethylpropane [Propane, 2,2-dimethyl-]', cas_number: '463-82-1' },
  { name: 'Ethane', cas_number: '74-84-0' },
  { name: 'Ethyl acetylene [1-Butyne]', cas_number: '107-00-6' },
  { name: 'Ethylamine [Ethanamine]', cas_number: '75-04-7' },
  { name: 'Ethyl chloride [Ethane, chloro-]', cas_number: '75-00-3' },
  { name: 'Ethylene [Ethene]', cas_number: '74-85-1' },
  { name: "Ethyl ether [Ethane, 1,1'-oxybis-]", cas_number: '60-29-7' },
  { name: 'Ethyl mercaptan [Ethanethiol]', cas_number: '75-08-1' },
  { name: 'Ethyl nitrite [Nitrous acid, ethyl ester]', cas_number: '109-95-5' },
  { name: 'Hydrogen', cas_number: '1333-74-0' },
  { name: 'Isobutane [Propane, 2-methyl]', cas_number: '75-28-5' },
  { name: 'Isopentane [Butane, 2-methyl-]', cas_number: '78-78-4' },
  { name: 'Isoprene [1,3-Butadiene, 2-methyl-]', cas_number: '78-79-5' },
  { name: 'Isopropylamine [2-Propanamine]', cas_number: '75-31-0' },
  { name: 'Isopropyl chloride [Propane, 2-chloro-]', cas_number: '75-29-6' },
  { name: 'Methane', cas_number: '74-82-8' },
  { name: 'Methylamine [Methanamine]', cas_number: '74-89-5' },
  { name: '3-Methyl-1-butene', cas_number: '563-45-1' },
  { name: '2-Methyl-1-butene', cas_number: '563-46-2' },
  { name: 'Methyl ether [Methane, oxybis-]', cas_number: '115-10-6' },
  { name: 'Methyl formate [Formic acid, methyl ester]', cas_number: '107-31-3' },
  { name: '2-Methylpropene [1-Propene, 2-methyl-]', cas_number: '115-11-7' },
  { name: '1,3-Pentadiene', cas_number: '504-60-9' },
  { name: 'Pentane', cas_number: '109-66-0' },
  { name: '1-Pentene', cas_number: '109-67-1' },
  { name: '2-Pentene, (E)-', cas_number: '646-04-8' },
  { name: '2-Pentene, (Z)-', cas_number: '627-20-3' },
  { name: 'Propadiene [1,2-Propadiene]', cas_number: '463-49-0' },
  { name: 'Propane', cas_number: '74-98-6' },
  { name: 'Propylene [1-Propene]', cas_number: '115-07-1' },
  { name: 'Propyne [1-Propyne]', cas_number: '74-99-7' },
  { name: 'Silane', cas_number: '7803-62-5' },
  { name: 'Tetrafluoroethylene [Ethene, tetrafluoro-]', cas_number: '116-14-3' },
  { name: 'Tetramethylsilane [Silane, tetramethyl-]', cas_number: '75-76-3' },
  { name: 'Trichlorosilane [Silane, trichloro-]', cas_number: '10025-78-2' },
  { name: 'Trifluorochloroethylene [Ethene, chlorotrifluoro-]', cas_number: '79-38-9' },
  { name: 'Trimethylamine [Methanamine, N,N-dimethyl-]', cas_number: '75-50-3' },
  { name: 'Vinyl acetylene [1-Buten-3-yne]', cas_number: '689-97-4' },
  { name: 'Vinyl chloride [Ethene, chloro-]', cas_number: '75-01-4' },
  { name: 'Vinyl ethyl ether [Ethene, ethoxy-]', cas_number: '109-92-2' },
  { name: 'Vinyl fluoride [Ethene, fluoro-]', cas_number: '75-02-5' },
  { name: 'Vinylidene chloride [Ethene, 1,1-dichloro-]', cas_number: '75-35-4' },
  { name: 'Vinylidene fluoride [Ethene, 1,1-difluoro-]', cas_number: '75-38-7' },
  { name: 'Vinyl methyl ether [Ethene, methoxy-]', cas_number: '107-25-5' },
];

const KIND_BY_CAS: ReadonlyMap<string, RmpTableKind> = new Map([
  ...RMP_TABLE_1_TOXICS.map((s) => [normalizeCas(s.cas_number), 'toxic'] as const),
  ...RMP_TABLE_3_FLAMMABLES.map((s) => [normalizeCas(s.cas_number), 'flammable'] as const),
]);

/** Toxic (Tables 1-2) or flammable (Tables 3-4) by CAS; null for a CAS 68.130 does not list. */
export function rmpTableKind(casNumber: string): RmpTableKind | null {
  return KIND_BY_CAS.get(normalizeCas(casNumber)) ?? null;
}

/**
 * Ammonium hydroxide is ammonia in water: for RMP it counts under "Ammonia (conc 20% or greater)"
 * (68.130 Table 1, 7664-41-7, 20,000 lb) at 20% ammonia or more (rules §8 [V CFR audit]), unlike
 * EPCRA 302/311/312 where the two CAS numbers stay apart (rules §0.2).
 */
export const RMP_AMMONIA_ALIAS = {
  alias_cas_number: AMMONIUM_HYDROXIDE_CAS,
  alias_name: 'Ammonium hydroxide',
  listing_cas_number: AMMONIA_CAS,
  /** The listing's concentration: the alias goes to the conc-20%-or-greater listing only. */
  listing_min_percent: 20,
  source: '40 CFR 68.130 Table 1, Ammonia (conc 20% or greater); rules §8',
} as const;

/**
 * 68.115(b)(1): the partial-pressure exemption (below 10 mmHg) is not open to these toxics, so a
 * product's override never leaves them out.
 */
export const RMP_NO_PARTIAL_PRESSURE_EXEMPTION: readonly RmpTableSubstance[] = [
  { name: 'Oleum (Fuming Sulfuric acid)', cas_number: '8014-95-7' },
  { name: 'Toluene 2,4-diisocyanate', cas_number: '584-84-9' },
  { name: 'Toluene 2,6-diisocyanate', cas_number: '91-08-7' },
  { name: 'Toluene diisocyanate (unspecified isomer)', cas_number: '26471-62-5' },
];

/** The 68.115(b)(1) exception a CAS falls under (oleum, the toluene diisocyanates); null otherwise. */
export function rmpPartialPressureExcepted(casNumber: string): RmpTableSubstance | null {
  const cas = normalizeCas(casNumber);
  return RMP_NO_PARTIAL_PRESSURE_EXEMPTION.find((s) => s.cas_number === cas) ?? null;
}
