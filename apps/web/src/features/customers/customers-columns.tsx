import { type CustomerListRow, formatPhone } from '@chemtrack/domain';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Button } from '../../components/ui/button.tsx';
import { keepSearch } from '../../lib/list-search.ts';

/** Why staff see Edit Customer and Edit Facility disabled (spec 02 §6: editing them is an admin's). */
export const ADMIN_ONLY_NOTE = 'Only an admin can edit customers and facilities.';
export const ADMIN_ONLY_NOTE_ID = 'customers-admin-only-note';

/** One row per customer × facility; editing either is for admins (disabled for staff). */
export function customersColumns({
  canEditCustomer,
  canEditFacility,
}: {
  canEditCustomer: boolean;
  canEditFacility: boolean;
}): ColumnDef<CustomerListRow>[] {
  return [
    {
      id: 'customer_name',
      header: 'Customer Name',
      cell: ({ row }) => row.original.name,
      meta: { sortKey: 'customer_name' },
    },
    {
      id: 'facility_name',
      header: 'Facility Name',
      cell: ({ row }) => row.original.facility?.name ?? '-',
      meta: { sortKey: 'facility_name' },
    },
    {
      id: 'facility_address',
      header: 'Facility Address',
      cell: ({ row }) => row.original.facility?.full_address || '-',
    },
    { id: 'phone', header: 'Customer Phone', cell: ({ row }) => formatPhone(row.original.phone) || '-' },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const facility = row.original.facility;
        // Issue 33 point 11: a disabled button says why, on hover and to a screen reader.
        const disabledLink = (label: string) => (
          <span title={ADMIN_ONLY_NOTE} className="inline-flex">
            <Button variant="secondary" size="sm" disabled aria-describedby={ADMIN_ONLY_NOTE_ID}>
              {label}
            </Button>
          </span>
        );
        return (
          <div className="flex gap-1 whitespace-nowrap">
            {canEditCustomer ? (
              <Button asChild variant="secondary" size="sm">
                <Link
                  to="/customers-facilities-mgmt/customers/$customerId"
                  params={{ customerId: String(row.original.id) }}
                  search={keepSearch}
                  aria-label={`Edit Customer ${row.original.name}`}
                >
                  Edit Customer
                </Link>
              </Button>
            ) : (
              disabledLink('Edit Customer')
            )}
            {facility && canEditFacility ? (
              <Button asChild variant="secondary" size="sm">
                <Link
                  to="/customers-facilities-mgmt/facilities/$facilityId"
                  params={{ facilityId: String(facility.id) }}
                  search={keepSearch}
                  aria-label={`Edit Facility ${facility.name}`}
                >
                  Edit Facility
                </Link>
              </Button>
            ) : facility ? (
              disabledLink('Edit Facility')
            ) : null}
          </div>
        );
      },
    },
  ];
}
