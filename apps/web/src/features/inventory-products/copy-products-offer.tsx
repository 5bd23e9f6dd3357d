import { copyProductsLabel } from '@chemtrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { copyInventoryProducts, inventoriesApi, inventoryYearsOptions } from '../inventories/api.ts';
import { inventoryProductsApi } from './api.ts';

/**
 * Issue 33 point 10, "forgot to copy last year": an inventory with no lines yet offers the
 * facility's latest earlier inventory, as the create form's "copy from" would have. The lines come
 * in carried over and unchecked, like any copy.
 */
export function CopyProductsOffer({ inventoryId }: { inventoryId: number }) {
  const queryClient = useQueryClient();
  const inventory = useQuery(inventoriesApi.detailOptions(inventoryId)).data?.resource;
  const years = useQuery({
    ...inventoryYearsOptions(inventory?.customer.id ?? 0, inventory?.facility.id ?? 0),
    enabled: inventory !== undefined,
  });
  const source = years.data?.resource.find((item) => inventory !== undefined && item.year < inventory.year);
  const copy = useMutation({
    mutationFn: (sourceId: number) => copyInventoryProducts(inventoryId, [sourceId]),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      toast({
        variant: 'success',
        title: 'Products copied',
        description: `The products of ${source?.year} are in this inventory, each to be checked.`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryProductsApi(inventoryId).keys.all }),
        queryClient.invalidateQueries({ queryKey: inventoriesApi.keys.all }),
      ]);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof ApiError ? error.description : error.message,
      });
    },
  });
  if (!source) return null;
  return (
    <section
      aria-label="Start from an earlier year"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm"
    >
      <p className="text-slate-700">This inventory has no products yet.</p>
      <Button type="button" disabled={copy.isPending} onClick={() => copy.mutate(source.id)}>
        {copy.isPending ? 'Copying…' : copyProductsLabel(source.year)}
      </Button>
    </section>
  );
}
