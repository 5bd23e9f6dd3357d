/**
 * The EPCRA 313 chemicals of special concern, by CAS, for a 313 list that does not mark them
 * (EPA's own lists come as name, CAS and category only: ../shared/data/list-313.csv). A list's
 * own PBT / PFAS / Reporting threshold (lb) columns win where present (rules §4-6).
 *
 * Sources, checked 2026-11-28:
 * - PBT: 40 CFR 372.28(a), tables 1 and 2 (eCFR), as set by 64 FR 58666 (Oct 29, 1999; the
 *   threshold table reprinted by EPA Region 10, "EPA Adds New Chemicals and Lowers Reporting
 *   Thresholds for 18 Persistent and Bioaccumulative Chemicals"), 66 FR 4500 (Jan 17, 2001: lead
 *   and lead compounds) and 81 FR 85438 (Nov 28, 2016: the HBCD category).
 * - PFAS: NDAA FY2020 section 7321(b)(1)(A)-(D) and (F)-(I) (15 USC 8921(b)(1)): the 14 chemicals
 *   the statute names by CAS; and the automatic additions under section 7321(c) named by EPA:
 *   reporting year 2022 (EPA announcement Jan 2022; final rule of Jul 18, 2022),
 *   2024 (EPA announcement Jan 2024) and 2025 (EPA announcement Jan 3, 2025). Not included: the
 *   section 7321(b)(1)(E) substances (those under the SNURs at 40 CFR 721.9582 and 721.10536,
 *   about 160, listed in 40 CFR 372.29), the RY 2021 polymer and the RY 2023 additions, whose CAS
 *   numbers were not at hand: a list that names them needs its own PFAS column.
 */
import { normalizeCas } from './reference.ts';

/** 0.1 gram (372.28: dioxin and dioxin-like compounds), in pounds. */
const GRAMS_PER_POUND = 453.59237;
export const TRI_DIOXIN_THRESHOLD_LB = 0.1 / GRAMS_PER_POUND;

export interface TriPbtChemical {
  cas_number: string;
  chemical_name: string;
  /** Each activity's threshold in pounds (372.28(a)). */
  threshold_lb: number;
  /** The threshold as 372.28 prints it ("10 lb", "0.1 g"). */
  threshold_text: string;
  /** A limit to the lower threshold that the inventory cannot see. */
  note?: string;
}

export interface TriPbtCategory {
  /** EPA's category code (the 313 list's category column). */
  category: string;
  chemical_name: string;
  threshold_lb: number;
  threshold_text: string;
}

const pbt = (
  cas_number: string,
  chemical_name: string,
  threshold_lb: 10 | 100,
  note?: string,
): TriPbtChemical => ({
  cas_number,
  chemical_name,
  threshold_lb,
  threshold_text: `${threshold_lb} lb`,
  ...(note ? { note } : {}),
});

/** 40 CFR 372.28(a)(1), table 1: the PBT chemicals listed by CAS, in its alphabetical order. */
export const TRI_PBT_CHEMICALS: readonly TriPbtChemical[] = [
  pbt('309-00-2', 'Aldrin', 100),
  pbt('191-24-2', 'Benzo(g,h,i)perylene', 10),
  pbt('57-74-9', 'Chlordane', 10),
  pbt('76-44-8', 'Heptachlor', 10),
  pbt('118-74-1', 'Hexachlorobenzene', 10),
  pbt('465-73-6', 'Isodrin', 10),
  pbt(
    '7439-92-1',
    'Lead',
    100,
    'the 100 lb threshold does not apply to lead contained in a stainless steel, brass or bronze alloy (372.28), which the inventory does not record',
  ),
  pbt('7439-97-6', 'Mercury', 10),
  pbt('72-43-5', 'Methoxychlor', 100),
  pbt('29082-74-4', 'Octachlorostyrene', 10),
  pbt('40487-42-1', 'Pendimethalin', 100),
  pbt('608-93-5', 'Pentachlorobenzene', 10),
  pbt('1336-36-3', 'Polychlorinated biphenyls (PCBs)', 10),
  pbt('79-94-7', 'Tetrabromobisphenol A', 100),
  pbt('8001-35-2', 'Toxaphene', 10),
  pbt('1582-09-8', 'Trifluralin', 100),
];

/** 40 CFR 372.28(a)(2), table 2: the PBT categories; no CAS, so the engine names them, never matches them. */
export const TRI_PBT_CATEGORIES: readonly TriPbtCategory[] = [
  {
    category: 'N150',
    chemical_name: 'Dioxin and dioxin-like compounds',
    threshold_lb: TRI_DIOXIN_THRESHOLD_LB,
    threshold_text: '0.1 g',
  },
  { category: 'N270', chemical_name: 'Hexabromocyclododecane', threshold_lb: 100, threshold_text: '100 lb' },
  { category: 'N420', chemical_name: 'Lead compounds', threshold_lb: 100, threshold_text: '100 lb' },
  { category: 'N458', chemical_name: 'Mercury compounds', threshold_lb: 10, threshold_text: '10 lb' },
  {
    category: 'N590',
    chemical_name: 'Polycyclic aromatic compounds',
    threshold_lb: 100,
    threshold_text: '100 lb',
  },
];

export interface TriPfasChemical {
  cas_number: string;
  chemical_name: string;
  /** Where its listing comes from. */
  source: string;
}

const NDAA = 'NDAA FY2020 section 7321(b)(1)';
const pfas =
  (source: string) =>
  (cas_number: string, chemical_name: string): TriPfasChemical => ({
    cas_number,
    chemical_name,
    source,
  });
const statutory = pfas(NDAA);
const ry2022 = pfas('NDAA FY2020 section 7321(c), reporting year 2022 (EPA final rule, Jul 18, 2022)');
const ry2024 = pfas('NDAA FY2020 section 7321(c), reporting year 2024 (EPA, Jan 2024)');
const ry2025 = pfas('NDAA FY2020 section 7321(c), reporting year 2025 (EPA, Jan 3, 2025)');

/** PFAS on the 313 list under the NDAA: 100 lb for each activity (7321(b)(2)), no de minimis, no Form A (88 FR 74360). */
export const TRI_NDAA_PFAS: readonly TriPfasChemical[] = [
  statutory('335-67-1', 'Perfluorooctanoic acid (PFOA)'),
  statutory('3825-26-1', 'Ammonium perfluorooctanoate (PFOA salt)'),
  statutory('335-95-5', 'Sodium perfluorooctanoate (PFOA salt)'),
  statutory('68141-02-6', 'PFOA salt named by section 7321(b)(1)(B)'),
  statutory('1763-23-1', 'Perfluorooctane sulfonic acid (PFOS)'),
  statutory('2795-39-3', 'Potassium perfluorooctanesulfonate (PFOS salt)'),
  statutory('29457-72-5', 'Lithium perfluorooctanesulfonate (PFOS salt)'),
  statutory('56773-42-3', 'Tetraethylammonium perfluorooctanesulfonate (PFOS salt)'),
  statutory('29081-56-9', 'Ammonium perfluorooctanesulfonate (PFOS salt)'),
  statutory('70225-14-8', 'Diethanolammonium perfluorooctanesulfonate (PFOS salt)'),
  statutory('13252-13-6', 'Hexafluoropropylene oxide dimer acid (GenX)'),
  statutory('62037-80-3', 'Ammonium 2,3,3,3-tetrafluoro-2-(heptafluoropropoxy)propanoate (GenX salt)'),
  statutory('375-95-1', 'Perfluorononanoic acid (PFNA)'),
  statutory('355-46-4', 'Perfluorohexanesulfonic acid (PFHxS)'),
  ry2022('375-73-5', 'Perfluorobutane sulfonic acid (PFBS)'),
  ry2022('45187-15-3', 'Perfluorobutanesulfonate'),
  ry2022('29420-49-3', 'Potassium perfluorobutane sulfonate'),
  ry2022('203743-03-7', 'PFAS declassified from CBI (CASRN 203743-03-7)'),
  ry2024('307-24-4', 'Perfluorohexanoic acid (PFHxA)'),
  ry2024('21615-47-4', 'Ammonium perfluorohexanoate'),
  ry2024('2923-26-4', 'Sodium perfluorohexanoate'),
  ry2024('422-64-0', 'Perfluoropropanoic acid (PFPrA)'),
  ry2024('90076-65-6', 'Lithium bis[(trifluoromethyl)sulfonyl]azanide'),
  ry2024('82113-65-3', '1,1,1-Trifluoro-N-[(trifluoromethyl)sulfonyl]methanesulfonamide'),
  ry2025('3108-42-7', 'Ammonium perfluorodecanoate (PFDA NH4)'),
  ry2025('3830-45-3', 'Sodium perfluorodecanoate (PFDA-Na)'),
  ry2025('377-73-1', 'Perfluoro-3-methoxypropanoic acid'),
  ry2025('27619-97-2', '6:2 Fluorotelomer sulfonate acid'),
  ry2025('425670-75-3', '6:2 Fluorotelomer sulfonate anion'),
  ry2025('59587-38-1', '6:2 Fluorotelomer sulfonate potassium salt'),
  ry2025('59587-39-2', '6:2 Fluorotelomer sulfonate ammonium salt'),
  ry2025('27619-94-9', '6:2 Fluorotelomer sulfonate sodium salt'),
  ry2025('3030471-22-5', 'Acetic acid, [(γ-ω-perfluoro-C8-10-alkyl)thio] derivs., Bu esters'),
];

const PBT_BY_CAS = new Map(TRI_PBT_CHEMICALS.map((entry) => [entry.cas_number, entry]));
const PFAS_BY_CAS = new Map(TRI_NDAA_PFAS.map((entry) => [entry.cas_number, entry]));
const PBT_CATEGORY_BY_CODE = new Map(TRI_PBT_CATEGORIES.map((entry) => [entry.category, entry]));

/** The 372.28 PBT entry for a CAS number, if it is one. */
export function builtInPbt(casNumber: string): TriPbtChemical | undefined {
  return PBT_BY_CAS.get(normalizeCas(casNumber));
}

/** The NDAA PFAS entry for a CAS number, if it is one the table holds. */
export function builtInPfas(casNumber: string): TriPfasChemical | undefined {
  return PFAS_BY_CAS.get(normalizeCas(casNumber));
}

/** The 372.28 PBT category for a category code (N420 …), if it is one. */
export function builtInPbtCategory(code: string | undefined): TriPbtCategory | undefined {
  return code ? PBT_CATEGORY_BY_CODE.get(code.trim().toUpperCase()) : undefined;
}
