import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';

/** The facility's Tier II identification as the form holds it: all text, as typed. */
export interface FacilityTier2Values {
  naics_code: string;
  duns_number: string;
  rmp_facility_id: string;
  tri_facility_id: string;
  latitude: string;
  longitude: string;
  fire_district: string;
  /** '' = not given. */
  is_manned: '' | 'true' | 'false';
  max_occupants: string;
}

export const EMPTY_TIER2: FacilityTier2Values = {
  naics_code: '',
  duns_number: '',
  rmp_facility_id: '',
  tri_facility_id: '',
  latitude: '',
  longitude: '',
  fire_district: '',
  is_manned: '',
  max_occupants: '',
};

/** The saved facility's Tier II fields, for the form. */
export function toTier2Values(facility: {
  naics_code: string;
  duns_number: string;
  rmp_facility_id: string;
  tri_facility_id: string;
  latitude: number | null;
  longitude: number | null;
  fire_district: string;
  is_manned: boolean | null;
  max_occupants: number | null;
}): FacilityTier2Values {
  return {
    naics_code: facility.naics_code,
    duns_number: facility.duns_number,
    rmp_facility_id: facility.rmp_facility_id,
    tri_facility_id: facility.tri_facility_id,
    latitude: facility.latitude === null ? '' : String(facility.latitude),
    longitude: facility.longitude === null ? '' : String(facility.longitude),
    fire_district: facility.fire_district,
    is_manned: facility.is_manned === null ? '' : facility.is_manned ? 'true' : 'false',
    max_occupants: facility.max_occupants === null ? '' : String(facility.max_occupants),
  };
}

const TEXT_FIELDS = [
  { name: 'naics_code', label: 'NAICS Code', inputMode: 'numeric', maxLength: 6 },
  { name: 'duns_number', label: 'D-U-N-S Number', inputMode: 'numeric', maxLength: 9 },
  { name: 'rmp_facility_id', label: 'RMP Facility ID', inputMode: 'numeric', maxLength: 12 },
  { name: 'tri_facility_id', label: 'TRI Facility ID', inputMode: 'text', maxLength: 15 },
  { name: 'latitude', label: 'Latitude', inputMode: 'decimal', maxLength: 12 },
  { name: 'longitude', label: 'Longitude', inputMode: 'decimal', maxLength: 12 },
  { name: 'fire_district', label: 'Fire District', inputMode: 'text', maxLength: 100 },
  { name: 'max_occupants', label: 'Maximum Occupants', inputMode: 'numeric', maxLength: 7 },
] as const;

/**
 * The "Tier II" section of the facility form (issue 25): the facility's ids, coordinates, fire
 * district, manned and occupants, checked by the domain's rules like the rest of the form.
 */
export function FacilityTier2Fields({
  register,
  errors,
  disabled,
}: {
  /** Registers one of these fields in the host form, whose values include them (as AddressFields does). */
  register: (field: keyof FacilityTier2Values) => UseFormRegisterReturn;
  errors: FieldErrors<FacilityTier2Values>;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-slate-700">Tier II</legend>
      <div className="grid gap-4 md:grid-cols-3">
        {TEXT_FIELDS.map(({ name, label, inputMode, maxLength }) => (
          <Field key={name} id={`f-${name}`} label={label} error={errors[name]?.message}>
            <Input
              id={`f-${name}`}
              inputMode={inputMode}
              maxLength={maxLength}
              disabled={disabled}
              aria-invalid={errors[name] ? true : undefined}
              {...register(name)}
            />
          </Field>
        ))}
        <Field id="f-is_manned" label="Manned" error={errors.is_manned?.message}>
          <Select id="f-is_manned" disabled={disabled} {...register('is_manned')}>
            <option value="">Not given</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </Select>
        </Field>
      </div>
    </fieldset>
  );
}
