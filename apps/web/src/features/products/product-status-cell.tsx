import type { SdsStatus } from '@chemtrack/domain';
import { SdsStatusBadge } from './sds-status-badge.tsx';

/** Issue 33 point 9: shown beside the SDS status of a product a technician added on site. */
export const NEEDS_REVIEW_LABEL = 'Needs review';

/** The products list's Status: the SDS status, and Needs review until staff have saved the product. */
export function ProductStatusCell({ status, needsReview }: { status: SdsStatus; needsReview: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <SdsStatusBadge status={status} />
      {needsReview ? (
        <span className="inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          {NEEDS_REVIEW_LABEL}
        </span>
      ) : null}
    </span>
  );
}

/**
 * What the product form says of a product a technician added (it needs staff review) and of a
 * label photo kept as its file (it is not an SDS).
 */
export function ProductReviewNotes({
  needsReview,
  isLabelPhoto,
}: {
  needsReview: boolean;
  isLabelPhoto: boolean;
}) {
  if (!needsReview && !isLabelPhoto) return null;
  return (
    <div
      role="note"
      className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {needsReview ? (
        <p>Added by a technician on site: check it and save the product to mark it reviewed.</p>
      ) : null}
      {isLabelPhoto ? (
        <p>The file is a photo of the label, not an SDS: the SDS stays pending until you attach the SDS.</p>
      ) : null}
    </div>
  );
}
