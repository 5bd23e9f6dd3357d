import {
  type ComponentResource,
  MAX_PAGE_SIZE,
  type PhysicalState,
  type SdsReadResult,
} from '@chemtrack/domain';
import { type UseMutationResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSearch } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import type { ResourceResponse } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { componentLinksApi } from '../chemical-components/api.ts';
import { useCatalogEntries } from './api.ts';
import { draftCasNumber, type ProposalWrite } from './proposal.ts';
import { type ProductFieldValues, SdsProposalPanel } from './sds-proposal-panel.tsx';

/** While the server reads the SDS (and the product's components load to compare with). */
function ReadingNotice() {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <p aria-live="polite" className="text-sm text-slate-600">
        Reading the SDS…
      </p>
    </section>
  );
}

type SdsReadingMutation = UseMutationResult<ResourceResponse<SdsReadResult>, Error, File>;

/**
 * The product form's SDS reading: "Reading the SDS…" while the server reads, then the proposal.
 * Accepted rows are written one by one through the product's component API, so each gets the
 * component service's rules and audit row; a product not created yet has no components to write.
 */
export function SdsProposalSection({
  productId,
  reading,
  isFetchingSaved,
  fields,
  onUseSpecificGravity,
  onUsePhysicalState,
  onReadSaved,
}: {
  productId: number | undefined;
  reading: SdsReadingMutation;
  /** The saved SDS is being fetched to be read. */
  isFetchingSaved: boolean;
  fields: ProductFieldValues;
  onUseSpecificGravity: (value: string) => void;
  onUsePhysicalState: (value: PhysicalState) => void;
  /** Reads the product's saved SDS again (offered when it has one and nothing is proposed). */
  onReadSaved: (() => void) | undefined;
}) {
  if (reading.isPending || isFetchingSaved) return <ReadingNotice />;
  const result = reading.data?.resource;
  if (!result) {
    if (!onReadSaved) return null;
    return (
      <div className="flex justify-end">
        <Button type="button" variant="secondary" onClick={onReadSaved}>
          <FileSearch className="h-4 w-4" aria-hidden />
          Read components from the SDS
        </Button>
      </div>
    );
  }
  return (
    <LoadedProposal
      // A new reading starts from its own rows, not the edits made to the last one.
      key={reading.submittedAt}
      productId={productId}
      reading={result}
      fields={fields}
      onUseSpecificGravity={onUseSpecificGravity}
      onUsePhysicalState={onUsePhysicalState}
      onIgnore={reading.reset}
    />
  );
}

function LoadedProposal({
  productId,
  reading,
  fields,
  onUseSpecificGravity,
  onUsePhysicalState,
  onIgnore,
}: {
  productId: number | undefined;
  reading: SdsReadResult;
  fields: ProductFieldValues;
  onUseSpecificGravity: (value: string) => void;
  onUsePhysicalState: (value: PhysicalState) => void;
  onIgnore: () => void;
}) {
  const queryClient = useQueryClient();
  // A new product has no components yet: the links of product 0 are never asked for.
  const links = componentLinksApi({ kind: 'product', productId: productId ?? 0 });
  const components = useQuery({
    ...links.listOptions({ page: 1, ipp: MAX_PAGE_SIZE }),
    enabled: productId !== undefined,
  });
  const numbers = [
    ...new Set(reading.components.map((row) => draftCasNumber({ number: row.number ?? '' })).filter(Boolean)),
  ];
  const catalog = useCatalogEntries(numbers);
  const refresh = () => queryClient.invalidateQueries({ queryKey: links.keys.all });

  const save = useMutation({
    mutationFn: async (writes: ProposalWrite[]) => {
      // One at a time: each is its own transaction and audit row; a refusal stops the rest.
      for (const write of writes) {
        if (write.kind === 'create') await links.save(undefined, write.body);
        else await links.save(write.linkId, write.body, write.version);
      }
      return writes.length;
    },
    onSuccess: (count) =>
      toast({
        variant: 'success',
        title: 'Components saved',
        description: `${count} ${count === 1 ? 'component' : 'components'} saved from the SDS.`,
      }),
    // Saved or refused half-way, the rows compare with what is stored now.
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (component: ComponentResource) => links.unlink(component.product_chemical_component_id),
    onSuccess: (result) =>
      toast({
        variant: 'success',
        title: 'Component removed',
        description: `Component ${result.resource.name} removed successfully.`,
      }),
    onSettled: refresh,
  });

  const existing = productId === undefined ? undefined : components.data?.resource.items;
  if (productId !== undefined && existing === undefined) return <ReadingNotice />;
  return (
    <SdsProposalPanel
      reading={reading}
      existing={existing}
      catalog={catalog}
      fields={fields}
      isSaving={save.isPending || remove.isPending}
      onSave={(writes) => save.mutateAsync(writes)}
      onRemove={(component) => remove.mutate(component)}
      onUseSpecificGravity={onUseSpecificGravity}
      onUsePhysicalState={onUsePhysicalState}
      onIgnore={onIgnore}
    />
  );
}
