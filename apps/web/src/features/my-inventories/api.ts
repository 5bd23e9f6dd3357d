import type { QueryParams } from '../../lib/api.ts';

/**
 * A technician's own inventories (issue 22): the server answers only the active, open ones
 * assigned to them, newest year first.
 */
export const MY_INVENTORIES_PARAMS: QueryParams = {
  page: 1,
  ipp: 100,
  status: 'active',
  order_by: 'year',
  order_dir: 'desc',
};

/** The lines a page of the worklist shows. */
export const WORKLIST_PAGE_SIZE = 50;

/**
 * The worklist of one inventory: carried-over lines not yet checked first, then open questions,
 * then the rest, each group by name (the server's `worklist` order).
 */
export function worklistParams(page: number): QueryParams {
  return { page, ipp: WORKLIST_PAGE_SIZE, order_by: 'worklist', order_dir: 'asc' };
}
