import type { InventoryProductListResponse } from '@chemtrack/domain';

type Summary = Pick<
  InventoryProductListResponse['resource'],
  'products_inventoried' | 'products_with_sds' | 'products_with_label_photo'
>;

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value ?? '-'}</dd>
    </div>
  );
}

/**
 * The inventory header's figures (spec 02 §3). A product whose only file is a photo of its label
 * has no SDS yet: it is counted apart, never among the products with SDS (issue 33 point 9).
 */
export function InventoryStatistics({ summary }: { summary: Summary | undefined }) {
  return (
    <dl className="flex flex-wrap gap-4 text-sm" aria-label="Statistics">
      <Figure label="products inventoried" value={summary?.products_inventoried} />
      <Figure label="products with sds" value={summary?.products_with_sds} />
      <Figure label="label photo only" value={summary?.products_with_label_photo} />
    </dl>
  );
}
