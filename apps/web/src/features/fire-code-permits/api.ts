import type { PermitAmountResource, UpdatePermitAmountRequest } from '@chemtrack/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The fire-code permit amounts (issue 23): one unpaged list and an edit of one amount. */
export const permitAmountKeys = { all: ['/fire-code-permit-amounts'] as const };

export function permitAmountsOptions() {
  return queryOptions({
    queryKey: permitAmountKeys.all,
    queryFn: ({ signal }) =>
      api.get<{ resource: PermitAmountResource[] }>('/fire-code-permit-amounts/list', undefined, signal),
  });
}

export function updatePermitAmount(id: number, body: Omit<UpdatePermitAmountRequest, 'encode'>) {
  return api.patch<{ message?: string; resource: PermitAmountResource }>(
    `/fire-code-permit-amounts/${id}/update`,
    { ...body, encode: true },
  );
}
