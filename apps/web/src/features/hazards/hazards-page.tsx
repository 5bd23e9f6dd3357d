import { AREA_ACTIONS, type LookupResource, SaveHazardRequestSchema } from '@chemtrack/domain';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { keepSearch, type ListSearch } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import type { LookupArea } from '../lookups/api.ts';
import { LookupModal } from '../lookups/lookup-form.tsx';
import { LookupList } from '../lookups/lookup-list.tsx';
import { hazardsApi } from './api.ts';

const HAZARDS: LookupArea<LookupResource> = {
  api: hazardsApi,
  entity: 'Hazard Class',
  auditEntity: 'hazards',
  schema: SaveHazardRequestSchema,
  nameLabel: 'Hazard Class',
  searchLabel: 'Search Hazard Classes',
  addLabel: '+ Add New',
  createTitle: 'Create New Hazard Class',
  detailsTitle: 'Hazard Class Details',
  saveLabel: 'Create Hazard Class',
  actions: AREA_ACTIONS.hazards,
  hasArchiveConfirmation: true,
};

export function HazardsPage({ search }: { search: ListSearch }) {
  usePageMeta('Hazard Classes', [{ name: 'Hazard Class Management' }]);
  return (
    <LookupList
      area={HAZARDS}
      search={search}
      editLink={(id) => ({
        to: '/hazard-class-mgmt/$hazardId',
        params: { hazardId: String(id) },
        search: keepSearch,
      })}
      createLink={{ to: '/hazard-class-mgmt/create', search: keepSearch }}
    >
      <Outlet />
    </LookupList>
  );
}

export function HazardModal({ id }: { id: number | undefined }) {
  const navigate = useNavigate();
  return (
    <LookupModal
      area={HAZARDS}
      id={id}
      onClose={() => void navigate({ to: '/hazard-class-mgmt', search: keepSearch })}
    />
  );
}
