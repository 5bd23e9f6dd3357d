import {
  type compliance,
  densityFromSpecificGravity,
  type FireCodeHazardClass,
  type PhysicalState,
  type SdsStatus,
} from '@chemtrack/domain';
import type { DemoHazardClass } from './demo-reference.ts';

/**
 * Demo products: what a compliance consultant meets walking an industrial site (solvents, acids,
 * bases, fuels, oils, cylinder gases, batteries, coatings, cleaners and a few solids). Pure data,
 * no database access: the demo seeder inserts it, and `sds-pdf.ts` draws a fake SDS for each one
 * whose status is not 'pending'.
 *
 * CAS numbers are real and pass the check digit; compositions follow a typical SDS section 3,
 * with a single representative (upper) value per component so each product sums to at most 100 %.
 * Manufacturers are fictional; their phone numbers use the 555-01xx range reserved for fiction.
 */

export interface DemoProductComponent {
  name: string;
  /** CAS registry number, dashed (e.g. 7664-93-9). */
  cas: string;
  percentageWeight: number | null;
  percentageVolume: number | null;
  /** OSHA/IARC/NTP carcinogen as the SDS states it (the 0.1% de minimis, rules §0.3). */
  isCarcinogen?: boolean;
}

export interface DemoSaraFlags {
  /** Fire hazard. */
  isSaraF: boolean;
  /** Sudden release of pressure. */
  isSaraP: boolean;
  /** Reactive. */
  isSaraR: boolean;
  /** Acute (immediate) health hazard. */
  isSaraA: boolean;
  /** Chronic (delayed) health hazard. */
  isSaraC: boolean;
}

export interface DemoProduct {
  name: string;
  mfgName: string;
  mfgProductNumber: string;
  /** 10 digits. */
  mfgPhone: string;
  /** 10 digits (CHEMTREC or the manufacturer's 24-hour line). */
  mfgEmergencyPhone: string;
  /** yyyy-MM-dd: the SDS revision date. */
  sdsDate: string;
  /** 'pending' products have no SDS file; 'update' ones have an outdated one. */
  sdsStatus: SdsStatus;
  physicalState: PhysicalState;
  /** Liquids only; up to 4 decimals. */
  specificGravity: number | null;
  /** Liquids only; specific gravity × 8.34, 2 decimals. */
  poundsPerGallon: number | null;
  /** Gases only: cubic feet of gas per pound at standard conditions. */
  conversionFactor: number | null;
  /** °F, integer, -459..1000; null when not applicable (non-flammable, gases). */
  flashPoint: number | null;
  /** NFPA 704 rating: health-flammability-instability. */
  nfpa: string;
  hazards: DemoHazardClass[];
  sara: DemoSaraFlags;
  /** Oil or fuel that counts toward SPCC (40 CFR 112) storage capacity. */
  isSpcc: boolean;
  /** The Tier II GHS categories (rules §0.5), on the products the report demo leans on. */
  tier2HazardCategories?: compliance.Tier2HazardCategory[];
  /** Fire-code hazard classes (rules §10) on the products the fire-code demo leans on. */
  fireCodeHazardClasses?: FireCodeHazardClass[];
  components: DemoProductComponent[];
}

/** One name per CAS number, so products sharing a component link to the same catalog entry. */
const C = {
  acetone: ['Acetone', '67-64-1'],
  isopropanol: ['Isopropyl alcohol', '67-63-0'],
  toluene: ['Toluene', '108-88-3'],
  xylene: ['Xylene (mixed isomers)', '1330-20-7'],
  ethylbenzene: ['Ethylbenzene', '100-41-4'],
  stoddard: ['Stoddard solvent', '8052-41-3'],
  trimethylbenzene: ['1,2,4-Trimethylbenzene', '95-63-6'],
  methanol: ['Methanol', '67-56-1'],
  ethanol: ['Ethanol', '64-17-5'],
  water: ['Water', '7732-18-5'],
  sulfuricAcid: ['Sulfuric acid', '7664-93-9'],
  hydrogenChloride: ['Hydrochloric acid (hydrogen chloride)', '7647-01-0'],
  nitricAcid: ['Nitric acid', '7697-37-2'],
  phosphoricAcid: ['Phosphoric acid', '7664-38-2'],
  sodiumHydroxide: ['Sodium hydroxide', '1310-73-2'],
  potassiumHydroxide: ['Potassium hydroxide', '1310-58-3'],
  ammonia: ['Ammonia', '7664-41-7'],
  gasoline: ['Gasoline', '8006-61-9'],
  benzene: ['Benzene', '71-43-2'],
  diesel: ['Fuels, diesel, No. 2', '68476-34-6'],
  fame: ['Fatty acids, C16-18 and C18-unsatd., Me esters (biodiesel)', '67762-38-3'],
  naphthalene: ['Naphthalene', '91-20-3'],
  kerosene: ['Kerosine (petroleum)', '8008-20-6'],
  heavyParaffinic: ['Distillates (petroleum), hydrotreated heavy paraffinic', '64742-54-7'],
  dewaxedParaffinic: ['Distillates (petroleum), solvent-dewaxed heavy paraffinic', '64742-65-0'],
  heavyNaphthenic: ['Distillates (petroleum), hydrotreated heavy naphthenic', '64742-52-5'],
  zddp: ['Zinc alkyl dithiophosphate', '68649-42-3'],
  triethanolamine: ['Triethanolamine', '102-71-6'],
  ethoxylatedAlcohols: ['Alcohols, C9-11, ethoxylated', '68439-46-3'],
  propane: ['Propane', '74-98-6'],
  propylene: ['Propylene', '115-07-1'],
  butane: ['Butane', '106-97-8'],
  ethylMercaptan: ['Ethyl mercaptan', '75-08-1'],
  acetylene: ['Acetylene', '74-86-2'],
  oxygen: ['Oxygen', '7782-44-7'],
  nitrogen: ['Nitrogen', '7727-37-9'],
  carbonDioxide: ['Carbon dioxide', '124-38-9'],
  chlorine: ['Chlorine', '7782-50-5'],
  lead: ['Lead', '7439-92-1'],
  leadDioxide: ['Lead dioxide', '1309-60-0'],
  leadSulfate: ['Lead sulfate', '7446-14-2'],
  antimony: ['Antimony', '7440-36-0'],
  tin: ['Tin', '7440-31-5'],
  calcium: ['Calcium', '7440-70-2'],
  polypropylene: ['Polypropylene', '9003-07-0'],
  titaniumDioxide: ['Titanium dioxide', '13463-67-7'],
  calciumCarbonate: ['Calcium carbonate', '471-34-1'],
  epoxyResin: ['Bisphenol A-epichlorohydrin polymer', '25068-38-6'],
  alkylGlycidylEther: ['Oxirane, mono[(C12-14-alkyloxy)methyl] derivs.', '68609-97-2'],
  quartz: ['Quartz (crystalline silica)', '14808-60-7'],
  butoxyethanol: ['2-Butoxyethanol', '111-76-2'],
  sodiumMetasilicate: ['Sodium metasilicate', '6834-92-0'],
  sodiumHypochlorite: ['Sodium hypochlorite', '7681-52-9'],
  ethyleneGlycol: ['Ethylene glycol', '107-21-1'],
  diethyleneGlycol: ['Diethylene glycol', '111-46-6'],
  calciumHypochlorite: ['Calcium hypochlorite', '7778-54-3'],
  sodiumChloride: ['Sodium chloride', '7647-14-5'],
  calciumChloride: ['Calcium chloride', '10043-52-4'],
  calciumHydroxide: ['Calcium hydroxide', '1305-62-0'],
  sodiumBicarbonate: ['Sodium bicarbonate', '144-55-8'],
  portlandCement: ['Portland cement', '65997-15-1'],
  calciumSulfate: ['Calcium sulfate', '7778-18-9'],
  ferricChloride: ['Ferric chloride', '7705-08-0'],
} as const satisfies Record<string, readonly [string, string]>;

type ComponentKey = keyof typeof C;

/** A component by weight percent (section 3's usual column). */
function w(key: ComponentKey, percentageWeight: number | null): DemoProductComponent {
  const [name, cas] = C[key];
  return { name, cas, percentageWeight, percentageVolume: null };
}

/** A component reported by volume percent (gas mixtures, fuel oxygenates). */
function v(key: ComponentKey, percentageVolume: number): DemoProductComponent {
  const [name, cas] = C[key];
  return { name, cas, percentageWeight: null, percentageVolume };
}

const SARA_NONE: DemoSaraFlags = {
  isSaraF: false,
  isSaraP: false,
  isSaraR: false,
  isSaraA: false,
  isSaraC: false,
};

/** SARA 311/312 flags from the letters that apply: F, P, R, A, C. */
function sara(letters: string): DemoSaraFlags {
  return {
    isSaraF: letters.includes('F'),
    isSaraP: letters.includes('P'),
    isSaraR: letters.includes('R'),
    isSaraA: letters.includes('A'),
    isSaraC: letters.includes('C'),
  };
}

type Measures = Pick<
  DemoProduct,
  'physicalState' | 'specificGravity' | 'poundsPerGallon' | 'conversionFactor'
>;

function liquid(specificGravity: number): Measures {
  return {
    physicalState: 'liquid',
    specificGravity,
    // Specific gravity × 8.34, 2 decimals: the same rule the product form applies to density.
    poundsPerGallon: densityFromSpecificGravity(specificGravity) ?? null,
    conversionFactor: null,
  };
}

function gas(state: 'compressed gas' | 'liquified gas', conversionFactor: number): Measures {
  return { physicalState: state, specificGravity: null, poundsPerGallon: null, conversionFactor };
}

const SOLID: Measures = {
  physicalState: 'solid',
  specificGravity: null,
  poundsPerGallon: null,
  conversionFactor: null,
};

const CHEMTREC = '8004249300';

const SOLVENTS = { mfgName: 'Riverbend Solvents Inc.', mfgPhone: '2815550142', mfgEmergencyPhone: CHEMTREC };
const ACIDS = { mfgName: 'Copper Basin Chemical Co.', mfgPhone: '5205550117', mfgEmergencyPhone: CHEMTREC };
const ALKALI = { mfgName: 'Bluewater Alkali Products', mfgPhone: '2515550163', mfgEmergencyPhone: CHEMTREC };
const FUELS = {
  mfgName: 'Tri-County Petroleum Products',
  mfgPhone: '9185550104',
  mfgEmergencyPhone: '9185550199',
};
const LUBES = { mfgName: 'Ironbridge Lubricants LLC', mfgPhone: '4125550186', mfgEmergencyPhone: CHEMTREC };
const GASES = {
  mfgName: 'Summit Ridge Industrial Gases',
  mfgPhone: '3035550128',
  mfgEmergencyPhone: '3035550190',
};
const BATTERIES = {
  mfgName: 'Keystone Stored Power Corp.',
  mfgPhone: '6105550151',
  mfgEmergencyPhone: CHEMTREC,
};
const COATINGS = { mfgName: 'Harbor Point Coatings', mfgPhone: '2065550173', mfgEmergencyPhone: CHEMTREC };
const CLEANERS = {
  mfgName: 'Clearbrook Sanitation Products',
  mfgPhone: '6145550139',
  mfgEmergencyPhone: CHEMTREC,
};
const MINERALS = {
  mfgName: 'Redstone Minerals & Chemicals',
  mfgPhone: '8015550112',
  mfgEmergencyPhone: CHEMTREC,
};

export const DEMO_PRODUCTS: DemoProduct[] = [
  // Solvents
  {
    name: 'Acetone, Technical Grade',
    fireCodeHazardClasses: ['flammable_liquid_ib'],
    ...SOLVENTS,
    mfgProductNumber: 'RS-1010',
    sdsDate: '2024-03-12',
    sdsStatus: 'sds',
    ...liquid(0.791),
    flashPoint: -4,
    nfpa: '1-3-0',
    hazards: ['Flammable', 'Irritant'],
    sara: sara('FA'),
    isSpcc: false,
    components: [w('acetone', 99.5)],
  },
  {
    name: 'Isopropyl Alcohol 99%',
    ...SOLVENTS,
    mfgProductNumber: 'RS-1020',
    sdsDate: '2025-01-08',
    sdsStatus: 'sds',
    ...liquid(0.786),
    flashPoint: 53,
    nfpa: '1-3-0',
    hazards: ['Flammable', 'Irritant'],
    sara: sara('FA'),
    isSpcc: false,
    components: [w('isopropanol', 99), w('water', 1)],
  },
  {
    name: 'Toluene',
    ...SOLVENTS,
    mfgProductNumber: 'RS-1030',
    sdsDate: '2024-06-20',
    sdsStatus: 'sds',
    ...liquid(0.867),
    flashPoint: 40,
    nfpa: '2-3-0',
    hazards: ['Flammable', 'Health Hazard', 'Irritant'],
    sara: sara('FAC'),
    isSpcc: false,
    components: [w('toluene', 99.8)],
  },
  {
    name: 'Xylene, Mixed Isomers',
    ...SOLVENTS,
    mfgProductNumber: 'RS-1040',
    sdsDate: '2021-09-14',
    sdsStatus: 'update',
    ...liquid(0.864),
    flashPoint: 81,
    nfpa: '2-3-0',
    hazards: ['Flammable', 'Health Hazard', 'Irritant'],
    sara: sara('FAC'),
    isSpcc: false,
    components: [w('xylene', 85), w('ethylbenzene', 15)],
  },
  {
    name: 'Mineral Spirits (Odorless)',
    ...SOLVENTS,
    mfgProductNumber: 'RS-1050',
    sdsDate: '2025-05-02',
    sdsStatus: 'sds',
    ...liquid(0.77),
    flashPoint: 105,
    nfpa: '1-2-0',
    hazards: ['Combustible', 'Health Hazard', 'Irritant'],
    sara: sara('FAC'),
    isSpcc: false,
    components: [w('stoddard', 99), w('trimethylbenzene', 1)],
  },
  {
    name: 'Methanol',
    ...SOLVENTS,
    mfgProductNumber: 'RS-1060',
    sdsDate: '2024-11-18',
    sdsStatus: 'sds',
    ...liquid(0.7918),
    flashPoint: 52,
    nfpa: '1-3-0',
    hazards: ['Flammable', 'Acute Toxic', 'Health Hazard'],
    sara: sara('FAC'),
    isSpcc: false,
    components: [w('methanol', 99.9)],
  },

  // Acids
  {
    name: 'Sulfuric Acid 93% (66 Be)',
    fireCodeHazardClasses: ['corrosive', 'water_reactive_2'],
    ...ACIDS,
    mfgProductNumber: 'CB-2093',
    sdsDate: '2024-02-27',
    sdsStatus: 'sds',
    ...liquid(1.8347),
    flashPoint: null,
    nfpa: '3-0-2',
    hazards: ['Corrosive', 'Reactive'],
    sara: sara('RAC'),
    isSpcc: false,
    tier2HazardCategories: [
      'Corrosive to metal',
      'Skin corrosion or irritation',
      'Serious eye damage or eye irritation',
    ],
    components: [w('sulfuricAcid', 93.2), w('water', 6.8)],
  },
  {
    name: 'Hydrochloric Acid 31% (Muriatic, 20 Be)',
    fireCodeHazardClasses: ['corrosive'],
    ...ACIDS,
    mfgProductNumber: 'CB-2031',
    sdsDate: '2025-07-15',
    sdsStatus: 'sds',
    ...liquid(1.16),
    flashPoint: null,
    nfpa: '3-0-1',
    hazards: ['Corrosive', 'Irritant'],
    sara: sara('A'),
    isSpcc: false,
    components: [w('hydrogenChloride', 31.5), w('water', 68.5)],
  },
  {
    name: 'Nitric Acid 70%',
    fireCodeHazardClasses: ['corrosive', 'oxidizer_2'],
    ...ACIDS,
    mfgProductNumber: 'CB-2070',
    sdsDate: '2022-04-11',
    sdsStatus: 'update',
    ...liquid(1.413),
    flashPoint: null,
    nfpa: '4-0-0',
    hazards: ['Corrosive', 'Oxidizer', 'Acute Toxic'],
    sara: sara('FRA'),
    isSpcc: false,
    components: [w('nitricAcid', 70.4), w('water', 29.6)],
  },
  {
    name: 'Phosphoric Acid 85%',
    ...ACIDS,
    mfgProductNumber: 'CB-2085',
    sdsDate: '2024-09-03',
    sdsStatus: 'sds',
    ...liquid(1.685),
    flashPoint: null,
    nfpa: '3-0-0',
    hazards: ['Corrosive'],
    sara: sara('A'),
    isSpcc: false,
    components: [w('phosphoricAcid', 85), w('water', 15)],
  },
  {
    name: 'Ferric Chloride Solution 40%',
    ...ACIDS,
    mfgProductNumber: 'CB-2140',
    sdsDate: '2025-03-21',
    sdsStatus: 'pending',
    ...liquid(1.42),
    flashPoint: null,
    nfpa: '3-0-0',
    hazards: ['Corrosive', 'Irritant'],
    sara: sara('A'),
    isSpcc: false,
    components: [w('ferricChloride', 40), w('hydrogenChloride', 0.5), w('water', 59.5)],
  },

  // Bases
  {
    name: 'Sodium Hydroxide 50% (Caustic Soda Liquid)',
    fireCodeHazardClasses: ['corrosive'],
    ...ALKALI,
    mfgProductNumber: 'BA-3050',
    sdsDate: '2025-02-10',
    sdsStatus: 'sds',
    ...liquid(1.525),
    flashPoint: null,
    nfpa: '3-0-1',
    hazards: ['Corrosive'],
    sara: sara('A'),
    isSpcc: false,
    components: [w('sodiumHydroxide', 50), w('water', 50)],
  },
  {
    name: 'Potassium Hydroxide 45%',
    ...ALKALI,
    mfgProductNumber: 'BA-3045',
    sdsDate: '2024-08-06',
    sdsStatus: 'sds',
    ...liquid(1.456),
    flashPoint: null,
    nfpa: '3-0-1',
    hazards: ['Corrosive', 'Acute Toxic'],
    sara: sara('A'),
    isSpcc: false,
    components: [w('potassiumHydroxide', 45), w('water', 55)],
  },
  {
    name: 'Ammonium Hydroxide 29% (Aqua Ammonia)',
    ...ALKALI,
    mfgProductNumber: 'BA-3029',
    sdsDate: '2025-06-30',
    sdsStatus: 'pending',
    ...liquid(0.897),
    flashPoint: null,
    nfpa: '3-1-0',
    hazards: ['Corrosive', 'Irritant', 'Environmental Hazard'],
    sara: sara('A'),
    isSpcc: false,
    components: [w('ammonia', 30), w('water', 70)],
  },

  // Fuels
  {
    name: 'Unleaded Gasoline (E10)',
    fireCodeHazardClasses: ['flammable_liquid_ib'],
    ...FUELS,
    mfgProductNumber: 'TC-87E10',
    sdsDate: '2024-05-14',
    sdsStatus: 'sds',
    ...liquid(0.74),
    flashPoint: -45,
    nfpa: '1-3-0',
    hazards: ['Flammable', 'Health Hazard', 'Irritant', 'Environmental Hazard'],
    sara: sara('FAC'),
    isSpcc: true,
    tier2HazardCategories: [
      'Flammable (gases, aerosols, liquids, or solids)',
      'Skin corrosion or irritation',
      'Germ cell mutagenicity',
      'Carcinogenicity',
      'Aspiration hazard',
    ],
    components: [
      w('gasoline', 80),
      w('ethanol', 10),
      w('toluene', 5),
      w('xylene', 3),
      { ...w('benzene', 1), isCarcinogen: true },
    ],
  },
  {
    name: 'Ultra Low Sulfur Diesel No. 2 (B5)',
    ...FUELS,
    mfgProductNumber: 'TC-ULSD2',
    sdsDate: '2025-04-09',
    sdsStatus: 'sds',
    ...liquid(0.85),
    flashPoint: 125,
    nfpa: '1-2-0',
    hazards: ['Combustible', 'Health Hazard', 'Irritant', 'Environmental Hazard'],
    sara: sara('FAC'),
    isSpcc: true,
    components: [w('diesel', 94), w('fame', 5), w('naphthalene', 0.5)],
  },
  {
    name: 'Kerosene, K-1',
    fireCodeHazardClasses: ['combustible_liquid_ii'],
    ...FUELS,
    mfgProductNumber: 'TC-K1',
    sdsDate: '2020-10-22',
    sdsStatus: 'update',
    ...liquid(0.81),
    flashPoint: 130,
    nfpa: '1-2-0',
    hazards: ['Combustible', 'Health Hazard', 'Irritant'],
    sara: sara('FAC'),
    isSpcc: true,
    components: [w('kerosene', 99), w('naphthalene', 1)],
  },

  // Oils
  {
    name: 'AW 46 Hydraulic Oil',
    ...LUBES,
    mfgProductNumber: 'IB-HYD46',
    sdsDate: '2024-12-02',
    sdsStatus: 'sds',
    ...liquid(0.872),
    flashPoint: 430,
    nfpa: '0-1-0',
    hazards: [],
    sara: SARA_NONE,
    isSpcc: true,
    components: [w('heavyParaffinic', 98.5), w('zddp', 1)],
  },
  {
    name: 'Heavy Duty Motor Oil SAE 15W-40',
    ...LUBES,
    mfgProductNumber: 'IB-1540',
    sdsDate: '2025-08-19',
    sdsStatus: 'sds',
    ...liquid(0.877),
    flashPoint: 437,
    nfpa: '0-1-0',
    hazards: [],
    sara: SARA_NONE,
    isSpcc: true,
    components: [w('dewaxedParaffinic', 75), w('heavyParaffinic', 15), w('zddp', 1.5)],
  },
  {
    name: 'Soluble Oil Cutting Fluid Concentrate',
    ...LUBES,
    mfgProductNumber: 'IB-CF220',
    sdsDate: '2023-01-17',
    sdsStatus: 'update',
    ...liquid(0.93),
    flashPoint: 325,
    nfpa: '1-1-0',
    hazards: ['Irritant'],
    sara: sara('A'),
    isSpcc: true,
    components: [
      w('heavyNaphthenic', 60),
      w('triethanolamine', 10),
      w('ethoxylatedAlcohols', 8),
      w('water', 20),
    ],
  },

  // Compressed and liquified gases
  {
    name: 'Propane, HD-5',
    fireCodeHazardClasses: ['flammable_gas'],
    ...GASES,
    mfgProductNumber: 'SR-PROP',
    sdsDate: '2024-07-25',
    sdsStatus: 'sds',
    ...gas('liquified gas', 8.5),
    flashPoint: -156,
    nfpa: '2-4-0',
    hazards: ['Flammable', 'Compressed Gas'],
    sara: sara('FP'),
    isSpcc: false,
    components: [w('propane', 95), w('propylene', 3), w('butane', 1.5), w('ethylMercaptan', 0.0025)],
  },
  {
    name: 'Acetylene, Dissolved',
    fireCodeHazardClasses: ['flammable_gas'],
    ...GASES,
    mfgProductNumber: 'SR-ACET',
    sdsDate: '2025-01-28',
    sdsStatus: 'sds',
    ...gas('compressed gas', 14.7),
    flashPoint: null,
    nfpa: '0-4-3',
    hazards: ['Flammable', 'Compressed Gas', 'Reactive'],
    sara: sara('FPR'),
    isSpcc: false,
    components: [w('acetylene', 100)],
  },
  {
    name: 'Oxygen, Compressed',
    fireCodeHazardClasses: ['oxidizing_gas'],
    ...GASES,
    mfgProductNumber: 'SR-OXY',
    sdsDate: '2024-10-10',
    sdsStatus: 'sds',
    ...gas('compressed gas', 12.1),
    flashPoint: null,
    nfpa: '0-0-0',
    hazards: ['Oxidizer', 'Compressed Gas'],
    sara: sara('FP'),
    isSpcc: false,
    components: [v('oxygen', 99.5)],
  },
  {
    name: 'Nitrogen, Compressed',
    ...GASES,
    mfgProductNumber: 'SR-NIT',
    sdsDate: '2024-10-10',
    sdsStatus: 'sds',
    ...gas('compressed gas', 13.8),
    flashPoint: null,
    nfpa: '0-0-0',
    hazards: ['Compressed Gas'],
    sara: sara('P'),
    isSpcc: false,
    components: [v('nitrogen', 99.998)],
  },
  {
    name: 'Carbon Dioxide, Liquid (Beverage Grade)',
    ...GASES,
    mfgProductNumber: 'SR-CO2',
    sdsDate: '2025-09-05',
    sdsStatus: 'sds',
    ...gas('liquified gas', 8.7),
    flashPoint: null,
    nfpa: '2-0-0',
    hazards: ['Compressed Gas'],
    sara: sara('P'),
    isSpcc: false,
    components: [w('carbonDioxide', 99.9)],
  },
  {
    name: 'Chlorine, 150 lb Cylinder',
    fireCodeHazardClasses: ['corrosive', 'oxidizing_gas', 'toxic'],
    ...GASES,
    mfgProductNumber: 'SR-CL2',
    sdsDate: '2019-06-12',
    sdsStatus: 'update',
    ...gas('liquified gas', 5.4),
    flashPoint: null,
    nfpa: '4-0-0',
    hazards: ['Acute Toxic', 'Oxidizer', 'Compressed Gas', 'Corrosive', 'Environmental Hazard'],
    sara: sara('FPA'),
    isSpcc: false,
    tier2HazardCategories: [
      'Oxidizer (liquid, solid or gas)',
      'Gas under pressure (compressed gas)',
      'Acute toxicity (any route of exposure)',
      'Skin corrosion or irritation',
      'Serious eye damage or eye irritation',
    ],
    components: [w('chlorine', 99.5)],
  },
  {
    name: 'Anhydrous Ammonia',
    fireCodeHazardClasses: ['corrosive', 'toxic'],
    ...GASES,
    mfgProductNumber: 'SR-NH3',
    sdsDate: '2024-04-03',
    sdsStatus: 'sds',
    ...gas('liquified gas', 22.6),
    flashPoint: null,
    nfpa: '3-1-0',
    hazards: ['Acute Toxic', 'Corrosive', 'Compressed Gas', 'Flammable', 'Environmental Hazard'],
    sara: sara('FPA'),
    isSpcc: false,
    tier2HazardCategories: [
      'Flammable (gases, aerosols, liquids, or solids)',
      'Gas under pressure (compressed gas)',
      'Acute toxicity (any route of exposure)',
      'Skin corrosion or irritation',
      'Serious eye damage or eye irritation',
    ],
    components: [w('ammonia', 99.5)],
  },

  // Lead-acid batteries
  {
    name: 'Flooded Lead-Acid Traction Battery 18-125-17',
    ...BATTERIES,
    mfgProductNumber: 'KS-18125',
    sdsDate: '2024-01-30',
    sdsStatus: 'sds',
    ...SOLID,
    flashPoint: null,
    nfpa: '3-0-2',
    hazards: ['Corrosive', 'Health Hazard', 'Acute Toxic', 'Environmental Hazard'],
    sara: sara('AC'),
    isSpcc: false,
    components: [
      w('lead', 45),
      w('leadDioxide', 15),
      w('leadSulfate', 5),
      w('sulfuricAcid', 12),
      w('water', 16),
      w('polypropylene', 5),
      w('antimony', 0.5),
    ],
  },
  {
    name: 'Sealed VRLA Standby Battery 12V 100Ah',
    ...BATTERIES,
    mfgProductNumber: 'KS-VR12100',
    sdsDate: '2025-10-14',
    sdsStatus: 'sds',
    ...SOLID,
    flashPoint: null,
    nfpa: '3-0-2',
    hazards: ['Corrosive', 'Health Hazard', 'Environmental Hazard'],
    sara: sara('AC'),
    isSpcc: false,
    components: [
      w('lead', 50),
      w('leadDioxide', 18),
      w('sulfuricAcid', 10),
      w('water', 14),
      w('polypropylene', 6),
      w('tin', 0.2),
      w('calcium', 0.1),
    ],
  },

  // Paints and coatings
  {
    name: 'Industrial Alkyd Enamel, Safety Yellow',
    ...COATINGS,
    mfgProductNumber: 'HP-AE-4410',
    sdsDate: '2024-08-28',
    sdsStatus: 'sds',
    ...liquid(1.15),
    flashPoint: 102,
    nfpa: '2-2-0',
    hazards: ['Combustible', 'Health Hazard', 'Irritant'],
    sara: sara('FAC'),
    isSpcc: false,
    components: [
      w('stoddard', 25),
      w('calciumCarbonate', 15),
      w('titaniumDioxide', 8),
      w('xylene', 5),
      w('ethylbenzene', 1),
    ],
  },
  {
    name: 'Two-Part Epoxy Floor Coating, Part A',
    ...COATINGS,
    mfgProductNumber: 'HP-EP-200A',
    sdsDate: '2025-11-03',
    sdsStatus: 'pending',
    ...liquid(1.4),
    flashPoint: 230,
    nfpa: '2-1-0',
    hazards: ['Irritant', 'Health Hazard', 'Environmental Hazard'],
    sara: sara('AC'),
    isSpcc: false,
    components: [w('epoxyResin', 60), w('titaniumDioxide', 15), w('alkylGlycidylEther', 10), w('quartz', 5)],
  },

  // Cleaners
  {
    name: 'Heavy Duty Alkaline Degreaser',
    ...CLEANERS,
    mfgProductNumber: 'CS-HD-750',
    sdsDate: '2025-02-19',
    sdsStatus: 'sds',
    ...liquid(1.04),
    flashPoint: null,
    nfpa: '2-0-0',
    hazards: ['Corrosive', 'Irritant'],
    sara: sara('A'),
    isSpcc: false,
    components: [
      w('butoxyethanol', 8),
      w('ethoxylatedAlcohols', 5),
      w('sodiumMetasilicate', 4),
      w('water', 83),
    ],
  },
  {
    name: 'Sodium Hypochlorite 12.5% (Industrial Bleach)',
    ...CLEANERS,
    mfgProductNumber: 'CS-HYPO-125',
    sdsDate: '2024-06-04',
    sdsStatus: 'sds',
    ...liquid(1.21),
    flashPoint: null,
    nfpa: '3-0-1',
    hazards: ['Corrosive', 'Environmental Hazard'],
    sara: sara('A'),
    isSpcc: false,
    components: [w('sodiumHypochlorite', 12.5), w('sodiumHydroxide', 1), w('water', 86.5)],
  },
  {
    name: 'Ethylene Glycol Antifreeze Concentrate',
    ...CLEANERS,
    mfgProductNumber: 'CS-EG-95',
    sdsDate: '2023-05-16',
    sdsStatus: 'sds',
    ...liquid(1.13),
    flashPoint: 232,
    nfpa: '2-1-0',
    hazards: ['Acute Toxic', 'Health Hazard'],
    sara: sara('AC'),
    isSpcc: false,
    components: [w('ethyleneGlycol', 95), w('diethyleneGlycol', 3), w('water', 2)],
  },

  // Solids
  {
    name: 'Calcium Hypochlorite 65% Granular',
    fireCodeHazardClasses: ['oxidizer_2'],
    ...MINERALS,
    mfgProductNumber: 'RM-CAL65',
    sdsDate: '2024-03-29',
    sdsStatus: 'sds',
    ...SOLID,
    flashPoint: null,
    nfpa: '3-0-1',
    hazards: ['Oxidizer', 'Corrosive', 'Acute Toxic', 'Environmental Hazard'],
    sara: sara('FRA'),
    isSpcc: false,
    components: [
      w('calciumHypochlorite', 68),
      w('sodiumChloride', 16),
      w('calciumChloride', 4),
      w('calciumHydroxide', 3),
      w('water', 8),
    ],
  },
  {
    name: 'Sodium Bicarbonate, USP Powder',
    ...MINERALS,
    mfgProductNumber: 'RM-SBC',
    sdsDate: '2025-05-27',
    sdsStatus: 'sds',
    ...SOLID,
    flashPoint: null,
    nfpa: '1-0-0',
    hazards: [],
    sara: SARA_NONE,
    isSpcc: false,
    components: [w('sodiumBicarbonate', 100)],
  },
  {
    name: 'Portland Cement, Type I/II',
    ...MINERALS,
    mfgProductNumber: 'RM-PC12',
    sdsDate: '2022-08-08',
    sdsStatus: 'sds',
    ...SOLID,
    flashPoint: null,
    nfpa: '2-0-0',
    hazards: ['Corrosive', 'Irritant', 'Health Hazard'],
    sara: sara('AC'),
    isSpcc: false,
    components: [w('portlandCement', 92), w('calciumSulfate', 5), w('calciumCarbonate', 2), w('quartz', 0.5)],
  },
];
