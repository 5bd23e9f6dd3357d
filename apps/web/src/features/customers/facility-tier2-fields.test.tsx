import { FACILITY_MSG, FACILITY_TIER2_FIELDS } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  EMPTY_TIER2,
  FacilityTier2Fields,
  type FacilityTier2Values,
  toTier2Values,
} from './facility-tier2-fields.tsx';

const Tier2Schema = z.object(FACILITY_TIER2_FIELDS);
/** The domain's rules, typed by the form's values (which are what the rules read), as the facility form does. */
const Tier2FormSchema = z.preprocess((values: FacilityTier2Values) => values, Tier2Schema);

/** The section inside a form checked by the domain's Tier II rules, as the facility form does. */
function Harness({ initial, onSave }: { initial: FacilityTier2Values; onSave: (values: unknown) => void }) {
  const form = useForm<FacilityTier2Values, unknown, z.output<typeof Tier2Schema>>({
    resolver: zodResolver(Tier2FormSchema),
    defaultValues: initial,
  });
  return (
    <form onSubmit={form.handleSubmit(onSave)}>
      <FacilityTier2Fields register={(field) => form.register(field)} errors={form.formState.errors} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('the facility form’s Tier II section', () => {
  it('shows the labels and the domain’s messages, and refuses 12.5 occupants rather than bending it', async () => {
    const onSave = vi.fn();
    render(<Harness initial={EMPTY_TIER2} onSave={onSave} />);
    for (const label of [
      'NAICS Code',
      'D-U-N-S Number',
      'RMP Facility ID',
      'TRI Facility ID',
      'Latitude',
      'Longitude',
      'Fire District',
      'Manned',
      'Maximum Occupants',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    await userEvent.type(screen.getByLabelText('NAICS Code'), '32511');
    await userEvent.type(screen.getByLabelText('Latitude'), '91');
    await userEvent.type(screen.getByLabelText('Maximum Occupants'), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(FACILITY_MSG.naicsCode)).toBeTruthy());
    expect(screen.getByText(FACILITY_MSG.latitude)).toBeTruthy();
    expect(screen.getByText(FACILITY_MSG.maxOccupants)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  }, 30_000);

  it('sends what was typed as the domain reads it', async () => {
    const onSave = vi.fn();
    render(<Harness initial={EMPTY_TIER2} onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('NAICS Code'), '325110');
    await userEvent.type(screen.getByLabelText('TRI Facility ID'), '77002abcde12345');
    await userEvent.type(screen.getByLabelText('Latitude'), '29.760427');
    await userEvent.type(screen.getByLabelText('Longitude'), '-95.369803');
    await userEvent.selectOptions(screen.getByLabelText('Manned'), 'Yes');
    await userEvent.type(screen.getByLabelText('Maximum Occupants'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      naics_code: '325110',
      duns_number: '',
      rmp_facility_id: '',
      tri_facility_id: '77002ABCDE12345',
      latitude: '29.760427',
      longitude: '-95.369803',
      fire_district: '',
      is_manned: true,
      max_occupants: 25,
    });
  }, 30_000);

  it('starts from the saved facility', () => {
    const values = toTier2Values({
      naics_code: '325110',
      duns_number: '012345678',
      rmp_facility_id: '',
      tri_facility_id: '',
      latitude: 29.760427,
      longitude: null,
      fire_district: 'Station 8',
      is_manned: false,
      max_occupants: 0,
    });
    render(<Harness initial={values} onSave={() => undefined} />);
    expect(screen.getByLabelText('NAICS Code')).toHaveProperty('value', '325110');
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '29.760427');
    expect(screen.getByLabelText('Longitude')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Manned')).toHaveProperty('value', 'false');
    expect(screen.getByLabelText('Maximum Occupants')).toHaveProperty('value', '0');
  });
});
