import type { ChemicalComponentItem, ComponentResource, SaveComponent } from '@chemtrack/domain';
import type { LinkProps } from '@tanstack/react-router';
import { api, type ResourceResponse } from '../../lib/api.ts';
import { keepSearch } from '../../lib/list-search.ts';
import { resourceApi } from '../../lib/resource-api.ts';

/**
 * Whose component links: a catalog product's, which its form edits, or an inventory line's
 * copy of its product's, which its form shows read-only (spec 02 §2). One concept under two
 * parents: the same calls under each parent's address.
 */
export type ComponentParent =
  | { kind: 'product'; productId: number }
  | { kind: 'line'; inventoryId: number; lineId: number };

/** The save body of a component link: what the form parsed, without the flag the client adds. */
export type ComponentBody = Omit<SaveComponent, 'encode'>;

/**
 * The parent's address of the calls, and the root of their query keys. A line's keys sit under
 * its inventory's lines keys (`inventoryProductsApi(…).keys.all`): saving the line, which may
 * copy another product's components, refreshes them.
 */
function parentAddress(parent: ComponentParent): { base: string; queryKey: readonly unknown[] } {
  if (parent.kind === 'product') {
    const base = `/products/${parent.productId}/chemical-components`;
    return { base, queryKey: [base] };
  }
  const { inventoryId, lineId } = parent;
  return {
    base: `/inventories/${inventoryId}/product/${lineId}/chemical-components`,
    queryKey: ['/inventories', inventoryId, 'products', lineId, 'components'],
  };
}

/** The component links of one parent (spec 02 §7): list, get, create and update, and unlink. */
export function componentLinksApi(parent: ComponentParent) {
  const { base, queryKey } = parentAddress(parent);
  const links = resourceApi<ComponentResource, ComponentBody>(base, { createDefaults: {}, queryKey });
  return {
    keys: links.keys,
    listOptions: links.listOptions,
    detailOptions: links.detailOptions,
    save: links.save,
    /** A component is not deleted from its parent: its link is. */
    unlink: (componentId: number) =>
      api.delete<ResourceResponse<ComponentResource>>(`${base}/${componentId}/unlink`),
  };
}

/** The screen of one component link: the product's edit modal, or the line's read-only one. */
export function componentLink(parent: ComponentParent, component: ComponentResource): LinkProps {
  const componentId = String(component.product_chemical_component_id);
  if (parent.kind === 'product')
    return {
      to: '/products/$productId/chemical-components/$productChemicalComponentId',
      params: { productId: String(parent.productId), productChemicalComponentId: componentId },
      search: keepSearch,
    };
  return {
    to: '/inventories/$inventoryId/products/$inventoryProductId/chemical-components/$componentId',
    params: {
      inventoryId: String(parent.inventoryId),
      inventoryProductId: String(parent.lineId),
      componentId,
    },
    search: keepSearch,
  };
}

/** The catalog's chemical components, which the form's picker pages through. */
export const CHEMICAL_COMPONENTS_AUTOCOMPLETE = '/chemical-components/autocomplete-list';
export type { ChemicalComponentItem };

/** A percentage as the tables and the details show it: `-` when not recorded. */
export const percentText = (value: number | null) => (value === null ? '-' : `${value}%`);
