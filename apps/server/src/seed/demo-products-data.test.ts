import {
  FLASH_POINT_MAX,
  FLASH_POINT_MIN,
  isValidCasNumber,
  PHYSICAL_STATES,
  SDS_STATUSES,
} from '@chemtrack/domain';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from './demo-products-data.ts';
import { DEMO_HAZARD_CLASSES } from './demo-reference.ts';
import { renderDemoSdsPdf } from './sds-pdf.ts';

const SEEDED_HAZARD_CLASSES: string[] = DEMO_HAZARD_CLASSES.map(([name]) => name);

async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data });
  try {
    const { text } = await parser.getText();
    return text;
  } finally {
    await parser.destroy();
  }
}

describe('DEMO_PRODUCTS', () => {
  it('has at least 28 products with unique names', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(28);
    const names = DEMO_PRODUCTS.map((product) => product.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('uses only real-looking CAS numbers (check digit), one name per CAS number', () => {
    const namesByCas = new Map<string, string>();
    for (const product of DEMO_PRODUCTS) {
      expect(product.components.length, product.name).toBeGreaterThan(0);
      for (const component of product.components) {
        expect(isValidCasNumber(component.cas), `${product.name}: ${component.cas}`).toBe(true);
        const known = namesByCas.get(component.cas) ?? component.name;
        expect(component.name, component.cas).toBe(known);
        namesByCas.set(component.cas, component.name);
      }
    }
  });

  it('uses only the seeded hazard classes, without duplicates', () => {
    for (const product of DEMO_PRODUCTS) {
      for (const hazard of product.hazards) expect(SEEDED_HAZARD_CLASSES, product.name).toContain(hazard);
      expect(new Set(product.hazards).size, product.name).toBe(product.hazards.length);
    }
  });

  it('carries the measures its physical state calls for', () => {
    for (const product of DEMO_PRODUCTS) {
      expect(PHYSICAL_STATES, product.name).toContain(product.physicalState);
      const { specificGravity, poundsPerGallon, conversionFactor } = product;
      if (product.physicalState === 'liquid') {
        expect(specificGravity, product.name).toBeGreaterThan(0);
        expect(poundsPerGallon, product.name).toBeCloseTo((specificGravity ?? 0) * 8.34, 1);
        expect(conversionFactor, product.name).toBeNull();
      } else if (product.physicalState === 'solid') {
        expect([specificGravity, poundsPerGallon, conversionFactor], product.name).toEqual([
          null,
          null,
          null,
        ]);
      } else {
        expect(conversionFactor, product.name).toBeGreaterThan(0);
        expect([specificGravity, poundsPerGallon], product.name).toEqual([null, null]);
      }
      if (specificGravity !== null) {
        expect(Math.round(specificGravity * 10_000) / 10_000, product.name).toBe(specificGravity);
      }
      if (poundsPerGallon !== null) {
        expect(Math.round(poundsPerGallon * 100) / 100, product.name).toBe(poundsPerGallon);
      }
    }
  });

  it('has percentages within 0–100 whose weight totals stay at or below 100', () => {
    for (const product of DEMO_PRODUCTS) {
      let weight = 0;
      for (const component of product.components) {
        for (const value of [component.percentageWeight, component.percentageVolume]) {
          if (value === null) continue;
          expect(value, `${product.name}: ${component.name}`).toBeGreaterThanOrEqual(0);
          expect(value, `${product.name}: ${component.name}`).toBeLessThanOrEqual(100);
        }
        weight += component.percentageWeight ?? 0;
      }
      expect(weight, product.name).toBeLessThanOrEqual(100 + 1e-9);
    }
  });

  it('has valid flash points, dates, statuses, phones and NFPA ratings', () => {
    for (const product of DEMO_PRODUCTS) {
      if (product.flashPoint !== null) {
        expect(Number.isInteger(product.flashPoint), product.name).toBe(true);
        expect(product.flashPoint, product.name).toBeGreaterThanOrEqual(FLASH_POINT_MIN);
        expect(product.flashPoint, product.name).toBeLessThanOrEqual(FLASH_POINT_MAX);
      }
      expect(product.sdsDate, product.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${product.sdsDate}T00:00:00Z`).toISOString().slice(0, 10), product.name).toBe(
        product.sdsDate,
      );
      expect(SDS_STATUSES, product.name).toContain(product.sdsStatus);
      expect(product.mfgPhone, product.name).toMatch(/^\d{10}$/);
      expect(product.mfgEmergencyPhone, product.name).toMatch(/^\d{10}$/);
      expect(product.nfpa, product.name).toMatch(/^[0-4]-[0-4]-[0-4]$/);
    }
    const statuses = DEMO_PRODUCTS.map((product) => product.sdsStatus);
    expect(statuses.filter((status) => status === 'pending').length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 'update').length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 'sds').length).toBeGreaterThan(DEMO_PRODUCTS.length / 2);
  });
});

describe('renderDemoSdsPdf', () => {
  it('draws a small PDF naming the product, a CAS number and the demo notice', async () => {
    const product = DEMO_PRODUCTS.find(
      (candidate) => candidate.components.length > 1 && candidate.sdsStatus === 'sds',
    );
    if (!product) throw new Error('no multi-component demo product');

    const buffer = await renderDemoSdsPdf(product);
    expect(Buffer.isBuffer(buffer)).toBe(true);
    expect(buffer.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(buffer.length).toBeLessThan(20_000);

    const text = await pdfText(buffer);
    expect(text).toContain('Safety Data Sheet');
    expect(text).toContain(product.name);
    expect(text).toContain(product.components[0]?.cas);
    expect(text).toContain(product.mfgName);
    expect(text).toContain('DEMO DOCUMENT');
    expect(text).toContain('SECTION 16: OTHER INFORMATION');
  });

  it('renders every demo product', async () => {
    for (const product of DEMO_PRODUCTS) {
      const buffer = await renderDemoSdsPdf(product);
      expect(buffer.subarray(0, 5).toString('latin1'), product.name).toBe('%PDF-');
    }
  });
});
