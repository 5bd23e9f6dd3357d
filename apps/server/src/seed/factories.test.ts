import {
  AddressSchema,
  BillingAddressSchema,
  casCheckDigit,
  isValidCasNumber,
  SaveComponentRequestSchema,
  SaveContainerRequestSchema,
  SaveContainerUnitRequestSchema,
  SaveCustomerRequestSchema,
  SaveFacilityRequestSchema,
  SaveHazardRequestSchema,
  SaveInventoryRequestSchema,
  SaveProductRequestSchema,
  SaveTechnicianRequestSchema,
  SaveUserRequestSchema,
} from '@chemtrack/domain';
import { describe, expect, it } from 'vitest';
import {
  addressBody,
  billingAddressBody,
  casNumber,
  componentBody,
  containerBody,
  containerUnitBody,
  customerBody,
  facilityBody,
  hazardBody,
  inventoryBody,
  productBody,
  technicianBody,
  userBody,
} from './factories.ts';

describe('test data factories', () => {
  it.each([
    ['user', () => SaveUserRequestSchema.safeParse(userBody())],
    ['technician', () => SaveTechnicianRequestSchema.safeParse(technicianBody())],
    ['customer', () => SaveCustomerRequestSchema.safeParse(customerBody())],
    ['facility', () => SaveFacilityRequestSchema.safeParse(facilityBody({ customer_id: 1 }))],
    ['hazard class', () => SaveHazardRequestSchema.safeParse(hazardBody())],
    ['container', () => SaveContainerRequestSchema.safeParse(containerBody())],
    ['container unit', () => SaveContainerUnitRequestSchema.safeParse(containerUnitBody())],
    ['product', () => SaveProductRequestSchema.safeParse(productBody())],
    ['component', () => SaveComponentRequestSchema.safeParse(componentBody())],
    [
      'inventory',
      () => SaveInventoryRequestSchema.safeParse(inventoryBody({ customer_id: 1, facility_id: 2 })),
    ],
    ['address', () => AddressSchema.safeParse(addressBody())],
    ['billing address', () => BillingAddressSchema.safeParse(billingAddressBody())],
  ])('makes a %s body the API accepts', (_entity, parse) => {
    const result = parse();
    expect(result.error?.issues).toBeUndefined();
  });

  it('gives each body its own names, e-mails and CAS numbers', () => {
    const bodies = Array.from({ length: 50 }, () => ({
      user: userBody().email,
      technician: technicianBody().email,
      customer: customerBody().name,
      hazard: hazardBody().name,
      product: productBody().name,
      cas: componentBody().number,
    }));
    for (const key of ['user', 'technician', 'customer', 'hazard', 'product', 'cas'] as const) {
      expect(new Set(bodies.map((body) => body[key])).size, key).toBe(50);
    }
  });

  it('makes CAS numbers whose check digit is right, and knows a real one', () => {
    expect(casCheckDigit('766493')).toBe(9);
    for (let n = 1; n < 2000; n += 7) expect(isValidCasNumber(casNumber(n)), casNumber(n)).toBe(true);
  });

  it('lets any field be overridden', () => {
    expect(hazardBody({ name: 'Flammable', description: '' })).toMatchObject({
      name: 'Flammable',
      description: '',
    });
    expect(productBody({ hazard_ids: [3] }).hazard_ids).toEqual([3]);
    expect(addressBody({ state: 'LA' })).toMatchObject({ city: 'Austin', state: 'LA' });
  });
});
