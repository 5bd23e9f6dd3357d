import { SaveComponentRequestSchema, SaveProductRequestSchema } from '@chemtrack/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hazards } from '../db/schema/index.ts';
import type { Actor } from '../lib/audit.ts';
import { productComponents } from '../modules/chemical-components/chemical-components.service.ts';
import { PDF_MIME_TYPE } from '../modules/files/file-types.ts';
import { storeFile } from '../modules/files/files.service.ts';
import { createProductsService } from '../modules/products/products.service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-products-data.ts';
import { componentBody, productBody } from './factories.ts';
import { renderDemoSdsPdf } from './sds-pdf.ts';

function toSaveBody(product: DemoProduct, hazardIds: number[], sdsFilepath: string | undefined) {
  // The factory's body through the API's own schema, so demo rows obey every rule a user's save does.
  return SaveProductRequestSchema.parse(
    productBody({
      name: product.name,
      mfg_name: product.mfgName,
      mfg_product_number: product.mfgProductNumber,
      mfg_phone: product.mfgPhone,
      mfg_emergency_phone: product.mfgEmergencyPhone,
      sds_date: product.sdsStatus === 'pending' ? null : product.sdsDate,
      sds_status: product.sdsStatus,
      physical_state: product.physicalState,
      specific_gravity: product.specificGravity,
      pounds_per_gallon: product.poundsPerGallon,
      conversion_factor: product.conversionFactor,
      flash_points: product.flashPoint,
      nfpa: product.nfpa,
      is_spcc: product.isSpcc,
      is_sara_f: product.sara.isSaraF,
      is_sara_p: product.sara.isSaraP,
      is_sara_r: product.sara.isSaraR,
      is_sara_a: product.sara.isSaraA,
      is_sara_c: product.sara.isSaraC,
      tier2_hazard_categories: product.tier2HazardCategories ?? [],
      fire_code_hazard_classes: product.fireCodeHazardClasses ?? [],
      hazard_ids: hazardIds,
      sds: sdsFilepath ? { filepath: sdsFilepath } : undefined,
    }),
  );
}

/**
 * About 30 products with hazard classes, components and a generated demo SDS each (none for
 * 'pending' ones), saved through the products and components services, so the demo rows obey
 * every rule a user's save does and are audited as the seeder's (no user).
 */
export async function seedDemoProducts(db: Db, store: FileStore): Promise<void> {
  const seeder: Actor = { userId: undefined, ip: undefined };
  const products = createProductsService(store);
  const names = [...new Set(DEMO_PRODUCTS.flatMap((product) => product.hazards))];
  const rows = await db
    .select({ id: hazards.id, name: hazards.name })
    .from(hazards)
    .where(inArray(hazards.name, names));
  const hazardIdByName = new Map(rows.map((row) => [row.name, row.id]));

  for (const product of DEMO_PRODUCTS) {
    let sdsFilepath: string | undefined;
    if (product.sdsStatus !== 'pending') {
      const pdf = await renderDemoSdsPdf(product);
      const file = await storeFile(db, store, {
        buffer: pdf,
        originalName: `${product.name} SDS.pdf`,
        mimeType: PDF_MIME_TYPE,
      });
      sdsFilepath = file.storageKey;
    }
    const hazardIds = product.hazards.map((name) => {
      const id = hazardIdByName.get(name);
      if (id === undefined) throw new Error(`Demo hazard class ${name} was not seeded`);
      return id;
    });
    const { id: productId } = await products.create(db, seeder, toSaveBody(product, hazardIds, sdsFilepath));
    for (const component of product.components) {
      await productComponents.create(
        db,
        seeder,
        productId,
        SaveComponentRequestSchema.parse(
          componentBody({
            name: component.name,
            number: component.cas,
            percentage_weight: component.percentageWeight,
            percentage_volume: component.percentageVolume,
            regulations: '',
            restrictions: '',
            reporting_requirements: '',
            is_carcinogen: component.isCarcinogen ?? false,
          }),
        ),
      );
    }
  }
}
