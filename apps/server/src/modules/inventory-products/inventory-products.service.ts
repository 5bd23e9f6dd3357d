import type {
  AutocompleteItem,
  AutocompleteQuery,
  InventoryProductListQuery,
  InventoryProductListResponse,
  InventoryProductResource,
  ListPage,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { toListedPage, toPage } from '../../lib/list-query.ts';
import { Lru } from '../../lib/lru.ts';
import { findInventoryRow } from '../inventories/inventories.repository.ts';
import { checkExisting } from './aggregation.service.ts';
import {
  type LineStatistics,
  type StatisticsVersions,
  selectInventoryWithStatistics,
  selectLineListRows,
  selectLinePickerRows,
} from './inventory-products.repository.ts';
import { refreshLineFromCatalog } from './line-catalog.service.ts';
import { findLineOfInventory, type LineRef, toListRow, toResource } from './line-resource.ts';
import { createLine, resolveQuestion, unlinkLine, updateLineOf } from './line-save.service.ts';
import { printAllSds } from './print-all-sds.service.ts';

/**
 * The lines of an inventory (spec 02 §7 "Inventory products"). This file reads them; the save
 * pipeline (line-save.service.ts), the aggregation of one combination (aggregation.service.ts),
 * Print All SDS (print-all-sds.service.ts), the lines' components (line-components.service.ts)
 * and their copy of the catalogue (line-catalog.service.ts)
 * each have their own file, gathered here into the one service the routes call.
 */
async function getLine(db: Db | Tx, { inventoryId, lineId }: LineRef): Promise<InventoryProductResource> {
  return toResource(db, await findLineOfInventory(db, { inventoryId, lineId }));
}

/**
 * Each inventory's list statistics as last read, with the versions they were read under, per
 * database (a test app has its own). An entry is only a hint: the statement compares its versions
 * with the database's in the same snapshot and reads the statistics again when either moved, so a
 * stale entry costs a read, never a wrong figure. Bounded: an entry is a few numbers.
 */
const keptStatistics = new WeakMap<
  object,
  Lru<number, { versions: StatisticsVersions; statistics: LineStatistics }>
>();

async function inventoryWithStatistics(db: Db, inventoryId: number) {
  let kept = keptStatistics.get(db);
  if (!kept) {
    kept = new Lru({ entries: 5_000, weight: 5_000 });
    keptStatistics.set(db, kept);
  }
  const known = kept.get(inventoryId);
  const read = await selectInventoryWithStatistics(db, inventoryId, known?.versions);
  if (read.statistics) {
    kept.set(inventoryId, { versions: read.versions, statistics: read.statistics });
    return { ...read, statistics: read.statistics };
  }
  if (!known) throw new Error('The statistics were not read though no version was known.');
  return { ...read, statistics: known.statistics };
}

async function listLines(
  db: Db,
  inventoryId: number,
  query: InventoryProductListQuery,
): Promise<InventoryProductListResponse['resource']> {
  const { inventory, customer, facility, statistics: stats } = await inventoryWithStatistics(db, inventoryId);
  const listed = await selectLineListRows(db, inventoryId, query, stats.lines);
  return {
    ...toListedPage(listed.rows.map(toListRow), listed, query.ipp),
    customer_name: customer.name,
    facility_name: facility.name,
    year: inventory.year,
    is_completed: inventory.isCompleted,
    is_active: inventory.isActive,
    products_inventoried: stats.productsInventoried,
    products_with_sds: stats.productsWithSds,
    products_with_label_photo: stats.productsWithLabelPhoto,
    lines: stats.lines,
    unchecked_lines: stats.uncheckedLines,
    open_questions: stats.openQuestions,
  };
}

async function autocompleteLines(
  db: Db,
  inventoryId: number,
  query: AutocompleteQuery,
): Promise<ListPage<AutocompleteItem>> {
  await findInventoryRow(db, inventoryId);
  const { rows, total } = await selectLinePickerRows(db, inventoryId, query);
  return toPage(rows, total, query.page, query.ipp);
}

export const inventoryProductsService = {
  printAllSds,
  list: listLines,
  autocomplete: autocompleteLines,
  get: getLine,
  create: createLine,
  update: updateLineOf,
  unlink: unlinkLine,
  resolveQuestion,
  refreshFromCatalog: refreshLineFromCatalog,
  checkExisting,
};
