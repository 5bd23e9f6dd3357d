import type { AutocompleteItem, Tier2ImportPlan, Tier2ImportWritten } from '@chemtrack/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { toast } from '../../lib/toast.ts';
import { customersApi } from '../customers/api.ts';
import { importTier2File } from './api.ts';

type Step =
  | { step: 'choose' }
  | { step: 'previewing' }
  | { step: 'review'; plan: Tier2ImportPlan; message: string }
  | { step: 'importing'; plan: Tier2ImportPlan; message: string }
  | { step: 'done'; plan: Tier2ImportPlan; written: Tier2ImportWritten; message: string };

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.body.message ?? 'The import failed.';
  return error instanceof Error ? error.message : 'The import failed.';
}

function Status({ status }: { status: 'matched' | 'new' }) {
  return (
    <span
      className={
        status === 'new'
          ? 'rounded bg-blue-100 px-1.5 py-0.5 text-xs text-blue-900'
          : 'rounded bg-green-100 px-1.5 py-0.5 text-xs text-green-900'
      }
    >
      {status === 'new' ? 'New' : 'Matched'}
    </span>
  );
}

function Table({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  /** Each row under a key of its own (a plan's row has no id: its record id or its place in the file). */
  rows: { key: string; cells: React.ReactNode[] }[];
}) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="py-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col" className="border-b px-2 py-1 text-left font-medium">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, cells }) => (
          <tr key={key}>
            {cells.map((cell, column) => (
              <td key={headers[column]} className="border-b px-2 py-1 align-top">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const CREATE_NEW_PRODUCT = 'Create a new product';
const catalogueLabel = (product: string) => `Use ${product}`;

/** The catalogue product a chemical will use: name, manufacturer, CAS (issue 33 point 7). */
function productText(chemical: Tier2ImportPlan['chemicals'][number]): string {
  if (chemical.product_name === null) return 'New product';
  const cas =
    chemical.product_cas_numbers.length > 0 ? `CAS ${chemical.product_cas_numbers.join(', ')}` : 'no CAS';
  return `${chemical.product_name} · ${chemical.product_mfg_name ?? ''} · ${cas}`;
}

/**
 * The plan the dry run answered: facilities, chemicals, contacts and lines, each matched or new.
 * A matched chemical offers "Create a new product" instead (`newProducts`, by the chemical's key).
 */
export function Tier2PlanTables({
  plan,
  newProducts = [],
  onNewProducts,
  disabled,
}: {
  plan: Tier2ImportPlan;
  newProducts?: readonly string[];
  onNewProducts?: (keys: string[]) => void;
  disabled?: boolean;
}) {
  const choose = (key: string, createNew: boolean) =>
    onNewProducts?.(createNew ? [...newProducts, key] : newProducts.filter((other) => other !== key));
  return (
    <div className="flex flex-col gap-4">
      <p>
        Reporting year {plan.year}, customer {plan.customer.name} <Status status={plan.customer.status} />
      </p>
      {plan.notes.length > 0 ? (
        <ul aria-label="What the file brings" className="list-disc pl-5 text-sm text-slate-700">
          {plan.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <Table
        caption="Facilities"
        headers={['Facility', 'Address', 'Status', 'Changes', 'Inventory']}
        rows={plan.facilities.map((facility) => ({
          key: `${facility.record_id ?? ''}|${facility.name}|${facility.street}`,
          cells: [
            facility.name,
            `${facility.street}, ${facility.city}, ${facility.state} ${facility.zip}`,
            <Status key="s" status={facility.status} />,
            Object.entries(facility.changes)
              .map(([field, [was, now]]) => `${field}: ${was || '—'} → ${now || '—'}`)
              .join('; ') || '—',
            facility.inventory.status === 'new'
              ? `New ${facility.year} inventory`
              : `Empty ${facility.year} inventory`,
          ],
        }))}
      />
      <Table
        caption="Chemicals"
        headers={[
          'Chemical',
          'CAS #',
          'Status',
          'Product',
          'Why',
          'Use',
          'Components',
          'Max amount (lb)',
          'Code',
          'Locations',
        ]}
        rows={plan.chemicals.map((chemical) => ({
          key: chemical.key,
          cells: [
            chemical.name,
            chemical.cas_number || '—',
            <Status key="s" status={chemical.status} />,
            productText(chemical),
            chemical.reason,
            chemical.product_name === null || !onNewProducts ? (
              'New product'
            ) : (
              <select
                key="use"
                aria-label={`Product for ${chemical.name}`}
                className="rounded border px-1 py-0.5"
                disabled={disabled}
                value={newProducts.includes(chemical.key) ? 'new' : 'catalogue'}
                onChange={(event) => choose(chemical.key, event.target.value === 'new')}
              >
                <option value="catalogue">{catalogueLabel(chemical.product_name)}</option>
                <option value="new">{CREATE_NEW_PRODUCT}</option>
              </select>
            ),
            chemical.components,
            chemical.max_amount_lb ?? '—',
            chemical.max_amount_code || '—',
            chemical.locations,
          ],
        }))}
      />
      <Table
        caption="Contacts"
        headers={['Contact', 'Types', 'Status']}
        rows={plan.contacts.map((contact) => ({
          key: contact.record_id,
          cells: [contact.name, contact.types.join(', '), <Status key="s" status={contact.status} />],
        }))}
      />
      <Table
        caption="Inventory lines"
        headers={['Chemical', 'Location', 'Storage type', 'Pounds', 'Average pounds', 'Days on site']}
        rows={plan.lines.map((line) => ({
          key: `${line.chemical}|${line.location}`,
          cells: [
            line.chemical,
            line.location,
            line.storage_type,
            line.pounds ?? '—',
            line.average_pounds ?? '—',
            line.days_on_site ?? '—',
          ],
        }))}
      />
      {plan.warnings.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-amber-800">
          {plan.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Reports → Import Tier II (issue 25): choose a .t2s or XML file and optionally the customer it
 * belongs to, Preview (the server's dry run: nothing written), then Import writes it in one
 * transaction and the page links what was written. A refusal shows the server's message.
 */
export function Tier2ImportPage() {
  usePageMeta('Import Tier II', [{ name: 'Reports', path: '/reports' }, { name: 'Import Tier II' }]);
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [customer, setCustomer] = useState<AutocompleteItem | null>(null);
  const [state, setState] = useState<Step>({ step: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [newProducts, setNewProducts] = useState<string[]>([]);

  const reset = (next: { file?: File | null; customer?: AutocompleteItem | null }) => {
    if (next.file !== undefined) setFile(next.file);
    if (next.customer !== undefined) setCustomer(next.customer);
    setState({ step: 'choose' });
    setError(null);
    setNewProducts([]);
  };

  const preview = async () => {
    if (!file) return;
    setError(null);
    setState({ step: 'previewing' });
    try {
      const answer = await importTier2File(file, { customerId: customer?.id ?? null, dryRun: true });
      setState({ step: 'review', plan: answer.resource.plan, message: answer.message });
    } catch (failure) {
      setError(errorText(failure));
      setState({ step: 'choose' });
    }
  };

  const confirm = async (plan: Tier2ImportPlan, message: string) => {
    if (!file) return;
    setError(null);
    setState({ step: 'importing', plan, message });
    try {
      const answer = await importTier2File(file, {
        customerId: customer?.id ?? null,
        dryRun: false,
        newProducts,
      });
      const written = answer.resource.written!;
      // Customers, facilities, products and inventories changed: their lists read anew.
      await queryClient.invalidateQueries();
      toast({ variant: 'success', title: 'Tier II file imported', description: answer.message });
      setState({ step: 'done', plan: answer.resource.plan, written, message: answer.message });
    } catch (failure) {
      setError(errorText(failure));
      setState({ step: 'review', plan, message });
    }
  };

  const busy = state.step === 'previewing' || state.step === 'importing';
  return (
    <div className="flex flex-col gap-4 p-4">
      <p className="text-sm text-muted-foreground">
        A Tier2 Submit .t2s file or the XML of the National Tier II Data Standard (2017 or later). The preview
        shows what the import would write; nothing is written until you confirm.
      </p>
      <div className="grid max-w-xl gap-3">
        <label htmlFor="tier2-file" className="text-sm font-medium">
          Tier II file
        </label>
        <input
          ref={input}
          id="tier2-file"
          type="file"
          accept=".t2s,.xml,.zip,application/xml,text/xml,application/zip"
          disabled={busy}
          onChange={(event) => reset({ file: event.target.files?.[0] ?? null })}
        />
        <label htmlFor="tier2-customer" className="text-sm font-medium">
          Customer (optional: without one, a new customer is named after the first facility)
        </label>
        <PagedPicker<AutocompleteItem>
          id="tier2-customer"
          path={customersApi.autocompletePath}
          value={customer}
          disabled={busy}
          placeholder="New customer"
          onChange={(item) => reset({ customer: item })}
        />
        <div>
          <Button type="button" onClick={preview} disabled={!file || busy || state.step === 'done'}>
            {state.step === 'previewing' ? 'Reading…' : 'Preview'}
          </Button>
        </div>
      </div>
      {error ? (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </div>
      ) : null}
      {state.step === 'review' || state.step === 'importing' ? (
        <section aria-label="Preview" className="flex flex-col gap-3">
          <p className="text-sm">{state.message}</p>
          <Tier2PlanTables
            plan={state.plan}
            newProducts={newProducts}
            onNewProducts={setNewProducts}
            disabled={busy}
          />
          <div className="flex gap-2">
            <Button type="button" onClick={() => confirm(state.plan, state.message)} disabled={busy}>
              {state.step === 'importing' ? 'Importing…' : 'Import'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => reset({})} disabled={busy}>
              Cancel
            </Button>
          </div>
        </section>
      ) : null}
      {state.step === 'done' ? (
        <section aria-label="Imported" className="flex flex-col gap-3">
          <p className="text-sm font-medium">{state.message}</p>
          <ul className="list-disc pl-5 text-sm">
            <li>
              <Link to="/customers-facilities-mgmt" className="underline">
                Customer {state.plan.customer.name}
              </Link>
            </li>
            {state.written.inventory_ids.map((id, i) => (
              <li key={id}>
                <Link
                  to="/inventories/$inventoryId/products"
                  params={{ inventoryId: String(id) }}
                  className="underline"
                >
                  {state.plan.facilities[i]?.name ?? 'Facility'}, {state.plan.year} inventory
                </Link>
              </li>
            ))}
            <li>
              {state.written.product_ids.length} product(s) created, {state.written.contact_ids.length}{' '}
              contact(s) created, {state.written.line_ids.length} inventory line(s) written.
            </li>
          </ul>
          <div>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                if (input.current) input.current.value = '';
                reset({ file: null, customer: null });
              }}
            >
              Import another file
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
