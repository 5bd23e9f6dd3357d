import { type QueryKey, type UseSuspenseQueryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ResourceResponse } from '../lib/api.ts';

/**
 * The record a detail route's loader fetched (loadRecordOrLeave), read from the same query the
 * loader filled: a form below starts from it as its default values, with no reset once it
 * arrives and no loading state of its own.
 */
export function LoadedRecord<T, TKey extends QueryKey>({
  options,
  children,
}: {
  options: UseSuspenseQueryOptions<ResourceResponse<T>, Error, ResourceResponse<T>, TKey>;
  children: (record: T) => ReactNode;
}) {
  const { data } = useSuspenseQuery(options);
  return children(data.resource);
}
