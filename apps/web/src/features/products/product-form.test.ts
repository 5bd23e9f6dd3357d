import { PRODUCT_MSG, type StoredFile } from '@chemtrack/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, ProductFormSchema, toProductBody } from './product-form.ts';

const SAVED: StoredFile = {
  filepath: 'sds/2025/01/a.pdf',
  original_name: 'a.pdf',
  mime_type: 'application/pdf',
  size: 10,
};
const base = { ...EMPTY_PRODUCT_FORM, name: 'Sulfuric Acid 93%', mfg_name: 'Gulf Coast Chemical' };

describe('the product form', () => {
  it('sends the date as yyyy-MM-dd, hazards as ids, and only the measures of the physical state', () => {
    const parsed = ProductFormSchema.parse({
      ...base,
      sds_date: '03/07/2024',
      physical_state: 'liquid',
      specific_gravity: '1.84',
      conversion_factor: '12',
      flash_points: '-40',
      hazards: [
        { id: 3, name: 'Corrosive' },
        { id: 5, name: 'Toxic' },
      ],
    });
    const body = toProductBody(parsed, { savedFile: null, isStatusChosen: false });
    expect(body).toMatchObject({
      sds_date: '2024-03-07',
      hazard_ids: [3, 5],
      specific_gravity: 1.84,
      density: 15.35,
      conversion_factor: null,
      flash_points: -40,
    });
    expect(body).not.toHaveProperty('sds');
    expect(body).not.toHaveProperty('sds_status');
  });

  it('reports a date that is not MM/DD/YYYY or not a real day', () => {
    for (const sds_date of ['13/01/2024', '02/30/2023', '1/2/2024']) {
      const result = ProductFormSchema.safeParse({ ...base, sds_date });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['sds_date', PRODUCT_MSG.sdsDate],
      ]);
    }
  });

  it('ignores a bad value in a measure the physical state hides', () => {
    const result = ProductFormSchema.safeParse({
      ...base,
      physical_state: 'compressed gas',
      specific_gravity: '1.2.3',
    });
    expect(result.success).toBe(true);
  });

  it('sends sds only when the file changed, and the status only when chosen', () => {
    const withSaved = ProductFormSchema.parse({ ...base, sds: SAVED, sds_status: 'update' });
    expect(toProductBody(withSaved, { savedFile: SAVED, isStatusChosen: false })).not.toHaveProperty('sds');
    expect(toProductBody(withSaved, { savedFile: SAVED, isStatusChosen: true }).sds_status).toBe('update');
    const removed = ProductFormSchema.parse({ ...base, sds: null });
    expect(toProductBody(removed, { savedFile: SAVED, isStatusChosen: false }).sds).toBeNull();
    const fresh = ProductFormSchema.parse({ ...base, sds: { ...SAVED, filepath: 'sds/2025/02/b.pdf' } });
    expect(toProductBody(fresh, { savedFile: SAVED, isStatusChosen: false }).sds).toEqual({
      filepath: 'sds/2025/02/b.pdf',
      original_name: 'a.pdf',
    });
  });

  it('gives the flash point a message instead of masking "4-0" into 40', () => {
    for (const typed of ['4-0', '12.5', '-4a0']) {
      const result = ProductFormSchema.safeParse({ ...base, flash_points: typed });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['flash_points', 'Flash Point must be a whole number of °F.'],
      ]);
    }
    expect(ProductFormSchema.parse({ ...base, flash_points: '-40 °F' }).flash_points).toBe(-40);
  });
});
