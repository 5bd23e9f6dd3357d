/**
 * Tier II storage conditions of a location (rules §3), stored as the National Tier II Data
 * Standard's labels so a line maps one to one onto a Tier2 Submit record. The pressure and
 * temperature labels are the standard's; the storage types are Tier2 Submit's classic list (the
 * rules mark its capitalisation unverified, so the labels live here once).
 */
export const TIER2_STORAGE_TYPES = [
  'Above ground tank',
  'Below ground tank',
  'Tank inside building',
  'Steel drum',
  'Plastic or non-metallic drum',
  'Can',
  'Carboy',
  'Silo',
  'Fiber drum',
  'Bag',
  'Box',
  'Cylinder',
  'Glass bottles or jugs',
  'Plastic bottles or jugs',
  'Tote bin',
  'Tank wagon',
  'Rail car',
  'Battery',
  'Other',
] as const;
export type Tier2StorageType = (typeof TIER2_STORAGE_TYPES)[number];

export const TIER2_STORAGE_PRESSURES = [
  'Ambient pressure',
  'Greater than ambient pressure',
  'Less than ambient pressure',
] as const;
export type Tier2StoragePressure = (typeof TIER2_STORAGE_PRESSURES)[number];

export const TIER2_STORAGE_TEMPERATURES = [
  'Ambient temperature',
  'Greater than ambient temperature',
  'Less than ambient temperature but not cryogenic',
  'Cryogenic conditions',
] as const;
export type Tier2StorageTemperature = (typeof TIER2_STORAGE_TEMPERATURES)[number];
