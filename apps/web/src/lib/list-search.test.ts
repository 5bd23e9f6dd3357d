import { ACCOUNT_ORDER_KEYS, PRODUCT_ORDER_KEYS, SDS_STATUSES } from '@chemtrack/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toSearchParams } from './api.ts';
import { listSearchSchema, toListParams } from './list-search.ts';

describe('a list URL in the API words', () => {
  const UsersSearch = listSearchSchema(ACCOUNT_ORDER_KEYS);
  const ProductsSearch = listSearchSchema(PRODUCT_ORDER_KEYS, { sds_status: z.enum(SDS_STATUSES) });

  it('keeps the API names and adds no defaults to the URL', () => {
    expect(
      UsersSearch.parse({
        page: '2',
        ipp: '25',
        search: 'ann',
        status: 'inactive',
        order_by: 'email',
        order_dir: 'desc',
      }),
    ).toEqual({ page: 2, ipp: 25, search: 'ann', status: 'inactive', order_by: 'email', order_dir: 'desc' });
    expect(UsersSearch.parse({})).toEqual({
      page: undefined,
      ipp: undefined,
      search: undefined,
      status: undefined,
      order_by: undefined,
      order_dir: undefined,
    });
  });

  it('keeps the search as typed, spaces included', () => {
    expect(UsersSearch.parse({ search: 'nail ' }).search).toBe('nail ');
  });

  it('drops a bad value instead of breaking the page', () => {
    const parsed = ProductsSearch.parse({
      page: '0',
      ipp: '1000',
      status: 'deleted',
      order_by: 'password',
      order_dir: 'sideways',
      sds_status: 'all',
      search: 'acetone',
    });
    expect(parsed).toEqual({
      page: undefined,
      ipp: undefined,
      search: 'acetone',
      status: undefined,
      order_by: undefined,
      order_dir: undefined,
      sds_status: undefined,
    });
    expect(ProductsSearch.parse({ sds_status: 'update', order_by: 'mfg_name' })).toMatchObject({
      sds_status: 'update',
      order_by: 'mfg_name',
    });
  });

  it('sends the list call the URL state under the same names, with the page size', () => {
    const query = toSearchParams(
      toListParams({ page: 3, search: 'ann', status: 'inactive', order_by: 'email', order_dir: 'asc' }),
    );
    expect(query).toBe('?page=3&search=ann&status=inactive&order_by=email&order_dir=asc&ipp=10');
    expect(toSearchParams(toListParams({}))).toBe('?page=1&ipp=10&status=active');
    // A direction without a column sorts nothing, so it is not sent.
    expect(toSearchParams(toListParams({ order_dir: 'desc' }))).toBe('?page=1&ipp=10&status=active');
  });
});
