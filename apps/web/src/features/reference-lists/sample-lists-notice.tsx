import { sampleListsNotice } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCan } from '../../lib/permissions.ts';
import { referenceListsOptions } from './api.ts';

/**
 * The admin's home line (issue 33 point 1): which reference lists are still the seed's partial
 * samples, linking to Database Entry. Staff cannot upload lists; their reports carry the warning.
 */
export function SampleListsNotice() {
  const canUpload = useCan('database.create');
  const query = useQuery({ ...referenceListsOptions(), enabled: canUpload });
  const text = canUpload && query.data ? sampleListsNotice(query.data.resource.items) : '';
  if (text === '') return null;
  return (
    <p
      data-testid="sample-lists-notice"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {text}{' '}
      <Link to="/database" className="font-medium underline">
        Open Database Entry
      </Link>
    </p>
  );
}
