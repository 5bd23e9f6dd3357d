import type { ChemicalComponentItem, SdsReadResult } from '@chemtrack/domain';
import { useMutation, useQueries } from '@tanstack/react-query';
import { api, type ListResponse, type ResourceResponse } from '../../lib/api.ts';
import { CHEMICAL_COMPONENTS_AUTOCOMPLETE } from '../chemical-components/api.ts';

/** Sends the PDF as multipart field `file`; the server reads section 3 and section 9 and saves nothing. */
export function readSds(file: File, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file);
  return api.post<ResourceResponse<SdsReadResult>>('/sds/read', body, undefined, signal);
}

/** One reading at a time: the latest SDS chosen; a failure is the house's notice. */
export function useSdsReading() {
  return useMutation({ mutationFn: (file: File) => readSds(file) });
}

/**
 * The catalogue's entry of each CAS #, or null when the chemical list has none: a proposed row
 * says which, since saving an unknown CAS # adds it to the catalogue.
 */
export function useCatalogEntries(numbers: readonly string[]): Map<string, ChemicalComponentItem | null> {
  const results = useQueries({
    queries: numbers.map((number) => ({
      queryKey: [CHEMICAL_COMPONENTS_AUTOCOMPLETE, 'cas', number],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<ListResponse<ChemicalComponentItem>>(
          CHEMICAL_COMPONENTS_AUTOCOMPLETE,
          { search: number, ipp: 10 },
          signal,
        ),
    })),
  });
  const entries = new Map<string, ChemicalComponentItem | null>();
  numbers.forEach((number, index) => {
    const items = results[index]?.data?.resource.items;
    // The search matches parts of names and numbers: only the same CAS # is the entry.
    if (items) entries.set(number, items.find((item) => item.number === number) ?? null);
  });
  return entries;
}
