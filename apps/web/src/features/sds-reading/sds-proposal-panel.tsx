import {
  type ChemicalComponentItem,
  type ComponentResource,
  formatWeightPercent,
  PHYSICAL_STATE_LABELS,
  type PhysicalState,
  SDS_READ_MSG,
  type SdsReadResult,
} from '@chemtrack/domain';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import {
  type ComparedRow,
  compareWithComponents,
  describeChange,
  draftCasNumber,
  isAcceptable,
  type ProposalDraft,
  type ProposalWrite,
  toProposalDrafts,
  toProposalWrites,
} from './proposal.ts';

export const SAVE_FIRST_MESSAGE =
  'Create the product first: then open it and choose Read components from the SDS to accept these rows.';

/** The product form's two fields the SDS may fill, as they are now ('' when empty). */
export interface ProductFieldValues {
  specific_gravity: string;
  physical_state: string;
}

/**
 * What the SDS proposes (issue 35): its section 3 rows, each with the page and the text it was
 * read from, compared with the product's components; the user selects, edits and confirms what
 * is saved. `existing` is undefined for a product not created yet: its rows are shown, not accepted.
 */
export function SdsProposalPanel({
  reading,
  existing,
  catalog,
  fields,
  isSaving,
  onSave,
  onRemove,
  onUseSpecificGravity,
  onUsePhysicalState,
  onIgnore,
}: {
  reading: SdsReadResult;
  existing: readonly ComponentResource[] | undefined;
  catalog: ReadonlyMap<string, ChemicalComponentItem | null>;
  fields: ProductFieldValues;
  isSaving: boolean;
  /** Resolves once every write is done; the rows then compare with the refreshed components. */
  onSave: (writes: ProposalWrite[]) => Promise<unknown>;
  onRemove: (component: ComponentResource) => void;
  onUseSpecificGravity: (value: string) => void;
  onUsePhysicalState: (value: PhysicalState) => void;
  onIgnore: () => void;
}) {
  const [drafts, setDrafts] = useState(() => toProposalDrafts(reading.components));
  const [pending, setPending] = useState<ProposalWrite[] | null>(null);
  const [removing, setRemoving] = useState<ComponentResource | null>(null);
  const canAccept = existing !== undefined;
  const { rows, notInSds } = compareWithComponents(drafts, existing ?? []);
  const change = (key: number, patch: Partial<ProposalDraft>) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  const selected = rows.filter((row) => row.draft.isSelected && isAcceptable(row));

  const acceptAll = () => {
    const acceptable = rows.filter(isAcceptable);
    const keys = new Set(acceptable.map((row) => row.draft.key));
    setDrafts((current) => current.map((draft) => ({ ...draft, isSelected: keys.has(draft.key) })));
    setPending(toProposalWrites(acceptable, catalog));
  };
  const confirm = async () => {
    if (!pending) return;
    try {
      await onSave(pending);
      setDrafts((current) => current.map((draft) => ({ ...draft, isSelected: false })));
    } catch {
      // The notice has said why; the selection stays for another try.
    } finally {
      setPending(null);
    }
  };

  return (
    <section
      aria-labelledby="sds-proposal-heading"
      className="flex flex-col gap-4 rounded-lg border border-brand-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sds-proposal-heading" className="text-sm font-bold uppercase tracking-wide text-slate-700">
          Proposed from the SDS
        </h2>
        <Button type="button" variant="secondary" size="sm" onClick={onIgnore}>
          Ignore
        </Button>
      </div>
      {reading.scanned ? (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {SDS_READ_MSG.scanned}
        </p>
      ) : (
        <>
          {reading.warnings.length > 0 ? (
            <ul className="list-disc pl-5 text-sm text-amber-800">
              {reading.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          ) : null}
          <ProductDataProposal
            reading={reading}
            fields={fields}
            onUseSpecificGravity={onUseSpecificGravity}
            onUsePhysicalState={onUsePhysicalState}
          />
          {rows.length === 0 ? (
            // The reader says why in its warnings; without one, the plain fact.
            reading.warnings.length === 0 ? (
              <p className="text-sm text-slate-600">{SDS_READ_MSG.noComponents}</p>
            ) : null
          ) : (
            <ProposalTable rows={rows} catalog={catalog} canAccept={canAccept} onChange={change} />
          )}
          {canAccept ? (
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                type="button"
                variant="secondary"
                disabled={isSaving || !rows.some(isAcceptable)}
                onClick={acceptAll}
              >
                Accept all
              </Button>
              <Button
                type="button"
                disabled={isSaving || selected.length === 0}
                onClick={() => setPending(toProposalWrites(selected, catalog))}
              >
                Accept selected
              </Button>
            </div>
          ) : rows.length > 0 ? (
            <p className="text-sm text-slate-600">{SAVE_FIRST_MESSAGE}</p>
          ) : null}
          {notInSds.length > 0 ? (
            <NotInSdsList components={notInSds} isSaving={isSaving} onRemove={setRemoving} />
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Save components from the SDS"
        description={<WritesSummary writes={pending ?? []} />}
        confirmLabel="Save"
        isPending={isSaving}
        onConfirm={() => void confirm()}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove Component"
        description={`Are you sure you want to remove ${removing?.name ?? ''} from this product?`}
        confirmLabel="Remove"
        variant="destructive"
        isPending={isSaving}
        onConfirm={() => {
          if (removing) onRemove(removing);
          setRemoving(null);
        }}
      />
    </section>
  );
}

/** What the confirmation lists: each component added, and each concentration changed. */
function WritesSummary({ writes }: { writes: readonly ProposalWrite[] }) {
  const range = (write: ProposalWrite) =>
    formatWeightPercent({
      percentage_weight_low: write.body.percentage_weight_low ?? null,
      percentage_weight_high: write.body.percentage_weight_high ?? null,
    }) || 'no concentration';
  return (
    <span className="flex flex-col gap-1">
      <span>These changes are saved to the product's components:</span>
      {writes.map((write) => (
        <span key={`${write.kind}-${write.name}`}>
          {write.kind === 'create'
            ? `Add ${write.name} (${range(write)})`
            : `Change ${write.name} to ${range(write)}`}
        </span>
      ))}
    </span>
  );
}

const STATUS_LABELS = { added: 'Added', changed: 'Changed', unchanged: 'Unchanged' } as const;

/** The proposed rows: select, CAS #, low and high (editable), basis, page, printed text and what accepting does. */
function ProposalTable({
  rows,
  catalog,
  canAccept,
  onChange,
}: {
  rows: readonly ComparedRow[];
  catalog: ReadonlyMap<string, ChemicalComponentItem | null>;
  canAccept: boolean;
  onChange: (key: number, patch: Partial<ProposalDraft>) => void;
}) {
  const cell = 'py-2 pr-3 align-top';
  return (
    <div className="overflow-x-auto">
      <table aria-label="Proposed components" className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            {canAccept ? <th className="py-2 pr-3 font-medium">Accept</th> : null}
            <th className="py-2 pr-3 font-medium">Component</th>
            <th className="py-2 pr-3 font-medium">CAS #</th>
            <th className="py-2 pr-3 font-medium">Low %</th>
            <th className="py-2 pr-3 font-medium">High %</th>
            <th className="py-2 pr-3 font-medium">Basis</th>
            <th className="py-2 pr-3 font-medium">Page</th>
            <th className="py-2 pr-3 font-medium">Printed text</th>
            {canAccept ? <th className="py-2 font-medium">Difference</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const { draft } = row;
            return (
              <tr key={draft.key} className="border-b border-slate-100">
                {canAccept ? (
                  <td className={cell}>
                    <Checkbox
                      aria-label={`Accept ${draft.name}`}
                      checked={draft.isSelected}
                      disabled={!isAcceptable(row)}
                      onCheckedChange={(checked) => onChange(draft.key, { isSelected: checked === true })}
                    />
                  </td>
                ) : null}
                <td className={`${cell} font-medium text-slate-800`}>
                  {draft.name}
                  <RowNotes row={row} catalog={catalog} />
                </td>
                <td className={cell}>
                  <Input
                    aria-label={`CAS # of ${draft.name}`}
                    className="h-8 w-32"
                    placeholder="withheld"
                    value={draft.number}
                    onChange={(event) => onChange(draft.key, { number: event.target.value })}
                  />
                </td>
                <td className={cell}>
                  <Input
                    aria-label={`Low % of ${draft.name}`}
                    className="h-8 w-20"
                    inputMode="decimal"
                    value={draft.low}
                    onChange={(event) => onChange(draft.key, { low: event.target.value })}
                  />
                </td>
                <td className={cell}>
                  <Input
                    aria-label={`High % of ${draft.name}`}
                    className="h-8 w-20"
                    inputMode="decimal"
                    value={draft.high}
                    onChange={(event) => onChange(draft.key, { high: event.target.value })}
                  />
                </td>
                <td className={cell}>{draft.source.basis ?? '-'}</td>
                <td className={cell}>{draft.source.page}</td>
                <td className={`${cell} max-w-xs`}>
                  <q className="whitespace-pre-wrap font-mono text-xs text-slate-700">
                    {draft.source.source_text}
                  </q>
                </td>
                {canAccept ? (
                  <td className={`${cell} pr-0`}>
                    {STATUS_LABELS[row.status.kind]}
                    {row.status.kind === 'changed' ? ` ${describeChange(row)}` : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Under the name: why the row cannot be accepted, the catalogue's word on its CAS #, the reader's warnings. */
function RowNotes({
  row,
  catalog,
}: {
  row: ComparedRow;
  catalog: ReadonlyMap<string, ChemicalComponentItem | null>;
}) {
  const notes: { text: string; tone: 'problem' | 'note' }[] = [];
  if (row.problem) notes.push({ text: row.problem, tone: 'problem' });
  else if (row.status.kind === 'added') {
    const entry = catalog.get(draftCasNumber(row.draft));
    if (entry === null) notes.push({ text: 'Not in the chemical list: accepting adds it.', tone: 'note' });
    else if (entry && entry.name.trim().toLowerCase() !== row.draft.name.trim().toLowerCase())
      notes.push({ text: `In the chemical list as ${entry.name}: saved under that name.`, tone: 'note' });
  }
  for (const warning of row.draft.source.warnings) notes.push({ text: warning, tone: 'note' });
  if (notes.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-xs font-normal">
      {notes.map((note) => (
        <li key={note.text} className={note.tone === 'problem' ? 'text-red-700' : 'text-amber-800'}>
          {note.text}
        </li>
      ))}
    </ul>
  );
}

/** The product's components the SDS does not list: removal offered, never done by itself. */
function NotInSdsList({
  components,
  isSaving,
  onRemove,
}: {
  components: readonly ComponentResource[];
  isSaving: boolean;
  onRemove: (component: ComponentResource) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-slate-700">Not in the SDS</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {components.map((component) => (
          <li key={component.product_chemical_component_id} className="flex flex-wrap items-center gap-3">
            <span>
              {component.name} ({component.number}, {formatWeightPercent(component)})
            </span>
            <Button
              type="button"
              variant="link"
              size="sm"
              aria-label={`Remove ${component.name}`}
              disabled={isSaving}
              onClick={() => onRemove(component)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Specific gravity and physical state: "Use" fills the product form's field only while it is empty. */
function ProductDataProposal({
  reading,
  fields,
  onUseSpecificGravity,
  onUsePhysicalState,
}: {
  reading: SdsReadResult;
  fields: ProductFieldValues;
  onUseSpecificGravity: (value: string) => void;
  onUsePhysicalState: (value: PhysicalState) => void;
}) {
  const { specific_gravity: gravity, physical_state: state } = reading;
  if (gravity === null && state === null) return null;
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr]">
      {state !== null ? (
        <ProposedValue
          label="Physical state"
          value={PHYSICAL_STATE_LABELS[state]}
          printed={PHYSICAL_STATE_LABELS[state]}
          current={fields.physical_state}
          onUse={() => onUsePhysicalState(state)}
        />
      ) : null}
      {gravity !== null ? (
        <ProposedValue
          label="Specific gravity"
          value={gravity.value === null ? null : String(gravity.value)}
          printed={`${gravity.printed} (page ${gravity.page})`}
          current={fields.specific_gravity}
          onUse={(value) => onUseSpecificGravity(value)}
        />
      ) : null}
    </dl>
  );
}

/**
 * One proposed product value as the SDS prints it, and "Use" while the form's field is empty.
 * `value` is null when the SDS gives no single figure (a range): nothing to fill the field with.
 */
function ProposedValue({
  label,
  value,
  printed,
  current,
  onUse,
}: {
  label: string;
  value: string | null;
  printed: string;
  current: string;
  onUse: (value: string) => void;
}): ReactNode {
  const isFilled = current.trim() !== '';
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <span>{printed}</span>
        {isFilled ? (
          <span className="text-xs text-slate-500">The form already has a value: it is kept.</span>
        ) : value === null ? (
          <span className="text-xs text-slate-500">A range: type the figure to use.</span>
        ) : (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            aria-label={`Use ${label.toLowerCase()} ${value}`}
            onClick={() => onUse(value)}
          >
            Use
          </Button>
        )}
      </dd>
    </>
  );
}
