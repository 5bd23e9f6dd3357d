import { describe, expect, it } from 'vitest';
import { printAllSdsFileName } from '../inventory-products/inventory-product.ts';
import { generatedFileName } from './index.ts';

describe('names of the files the app makes', () => {
  it('turns each space, dot and reserved character into an underscore', () => {
    expect(generatedFileName(['EPCRA 311/312', 'A.B. Smith', 2024], 'xlsx')).toBe(
      'EPCRA_311_312_A_B__Smith_2024.xlsx',
    );
  });

  it('names Print All SDS from the customer, facility and year', () => {
    expect(printAllSdsFileName({ customer: 'Acme Corp.', facility: 'Baytown Plant', year: 2025 })).toBe(
      'SDS_Acme_Corp__Baytown_Plant_2025.pdf',
    );
  });
});
