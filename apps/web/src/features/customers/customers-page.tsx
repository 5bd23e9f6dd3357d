import { AREA_ACTIONS } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { keepSearch, type ListSearch, toListParams } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useCan } from '../../lib/permissions.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { customersApi } from './api.ts';
import { ADMIN_ONLY_NOTE, ADMIN_ONLY_NOTE_ID, customersColumns } from './customers-columns.tsx';

/** One row per customer × facility; editing either is for admins (disabled for staff). */
export function CustomersPage({ search }: { search: ListSearch }) {
  usePageMeta('Customers and Facilities Management', [{ name: 'Customers and Facilities Management' }]);
  const canEditCustomer = useCan(AREA_ACTIONS.customers.update);
  const canEditFacility = useCan(AREA_ACTIONS.facilities.update);
  const list = useListState(search);
  const query = useQuery(customersApi.listOptions(toListParams(search)));
  const columns = useMemo(
    () => customersColumns({ canEditCustomer, canEditFacility }),
    [canEditCustomer, canEditFacility],
  );
  return (
    <section className="flex flex-col gap-3">
      <ListToolbar
        list={list}
        searchLabel="Search by Customer or Facility"
        heading={
          <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">
            customers and facilities
          </h2>
        }
        actions={
          <>
            <Button asChild>
              <Link to="/customers-facilities-mgmt/customers/create" search={keepSearch}>
                + Add New Customer
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/customers-facilities-mgmt/facilities/create" search={keepSearch}>
                + Add New Facility
              </Link>
            </Button>
          </>
        }
      />
      {canEditCustomer && canEditFacility ? null : (
        <p id={ADMIN_ONLY_NOTE_ID} className="text-sm text-slate-600">
          {ADMIN_ONLY_NOTE}
        </p>
      )}
      <DataTable
        label="Customers and facilities"
        columns={columns}
        {...listTableProps(query, list)}
        isRowArchived={(row) => !row.is_active || row.facility?.is_active === false}
      />
      <Outlet />
    </section>
  );
}
