import {
  AREA_ACTIONS,
  type ContainerResource,
  type ContainerUnitResource,
  SaveContainerRequestSchema,
  SaveContainerUnitRequestSchema,
} from '@chemtrack/domain';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { cn } from '../../lib/cn.ts';
import { keepSearch, type ListSearch } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import type { LookupArea } from '../lookups/api.ts';
import { LookupModal } from '../lookups/lookup-form.tsx';
import { LookupList } from '../lookups/lookup-list.tsx';
import { containersApi, unitsApi } from './api.ts';
import { ContainerSpccFields, containerSpccValues } from './container-spcc-fields.tsx';

type Tab = 'containers' | 'units';

const CONTAINERS: LookupArea<ContainerResource> = {
  api: containersApi,
  entity: 'Container',
  auditEntity: 'containers',
  schema: SaveContainerRequestSchema,
  nameLabel: 'Container Type',
  searchLabel: 'Search Containers',
  addLabel: '+ Add New Container',
  createTitle: 'Create New Container',
  detailsTitle: 'Container Details',
  saveLabel: 'Create Container',
  actions: AREA_ACTIONS.containers,
  hasArchiveConfirmation: false,
  extraFields: (form, disabled) => <ContainerSpccFields form={form} disabled={disabled} />,
  extraValues: containerSpccValues,
};

const UNITS: LookupArea<ContainerUnitResource> = {
  api: unitsApi,
  entity: 'Container Unit',
  auditEntity: 'container units',
  schema: SaveContainerUnitRequestSchema,
  nameLabel: 'Unit Alias',
  searchLabel: 'Search Units',
  addLabel: '+ Add New Unit',
  createTitle: 'Create New Unit',
  detailsTitle: 'Unit Details',
  saveLabel: 'Create Unit',
  actions: AREA_ACTIONS.containerUnits,
  hasArchiveConfirmation: false,
};

function Tabs({ active }: { active: Tab }) {
  const tabClass = (tab: Tab) =>
    cn(
      'border-b-2 px-4 py-2 text-sm font-medium',
      active === tab
        ? 'border-brand-600 text-brand-700'
        : 'border-transparent text-slate-600 hover:text-slate-900',
    );
  return (
    <nav aria-label="Containers management" className="mb-4 flex gap-2 border-b border-slate-200">
      <Link
        to="/containers"
        className={tabClass('containers')}
        aria-current={active === 'containers' ? 'page' : undefined}
      >
        Container List
      </Link>
      <Link to="/units" className={tabClass('units')} aria-current={active === 'units' ? 'page' : undefined}>
        Container Units
      </Link>
    </nav>
  );
}

/** Containers Management: container types at /containers, unit aliases at /units. */
export function ContainersPage({ tab, search }: { tab: Tab; search: ListSearch }) {
  const listName = tab === 'containers' ? 'Containers List' : 'Container Units';
  usePageMeta('Containers Management', [
    { name: 'Containers Management', path: '/containers' },
    { name: listName },
  ]);
  return (
    <div>
      <Tabs active={tab} />
      {tab === 'containers' ? (
        <LookupList
          key="containers"
          area={CONTAINERS}
          search={search}
          editLink={(id) => ({
            to: '/containers/$containerId',
            params: { containerId: String(id) },
            search: keepSearch,
          })}
          createLink={{ to: '/containers/create', search: keepSearch }}
        >
          <Outlet />
        </LookupList>
      ) : (
        <LookupList
          key="units"
          area={UNITS}
          search={search}
          editLink={(id) => ({ to: '/units/$unitId', params: { unitId: String(id) }, search: keepSearch })}
          createLink={{ to: '/units/create', search: keepSearch }}
        >
          <Outlet />
        </LookupList>
      )}
    </div>
  );
}

/** The form of a container type or a unit alias, over its list; closing returns to the list. */
export function ContainerModal({ tab, id }: { tab: Tab; id: number | undefined }) {
  const navigate = useNavigate();
  const onClose = () => void navigate({ to: tab === 'units' ? '/units' : '/containers', search: keepSearch });
  return tab === 'units' ? (
    <LookupModal area={UNITS} id={id} onClose={onClose} />
  ) : (
    <LookupModal area={CONTAINERS} id={id} onClose={onClose} />
  );
}
