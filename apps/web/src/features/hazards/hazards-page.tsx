import { AREA_ACTIONS, SaveHazardRequestSchema } from '@chemtrack/domain';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { keepSearch, type ListSearch } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { LookupModal } from '../lookups/lookup-form.tsx';
import { LookupList } from '../lookups/lookup-list.tsx';
import { hazardsApi } from './api.ts';

export function HazardsPage({ search }: { search: ListSearch }) {
  usePageMeta('Hazard Classes', [{ name: 'Hazard Class Management' }]);
  return (
    <LookupList
      api={hazardsApi}
      search={search}
      entity="Hazard Class"
      nameHeader="Hazard Class"
      searchLabel="Search Hazard Classes"
      addLabel="+ Add New"
      actions={AREA_ACTIONS.hazards}
      hasArchiveConfirmation
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
      api={hazardsApi}
      id={id}
      entity="Hazard Class"
      auditEntity="hazards"
      schema={SaveHazardRequestSchema}
      createTitle="Create New Hazard Class"
      detailsTitle="Hazard Class Details"
      nameLabel="Hazard Class"
      saveLabel="Create Hazard Class"
      actions={AREA_ACTIONS.hazards}
      hasArchiveConfirmation
      onClose={() => void navigate({ to: '/hazard-class-mgmt', search: keepSearch })}
    />
  );
}
