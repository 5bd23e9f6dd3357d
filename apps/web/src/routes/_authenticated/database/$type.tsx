import { createFileRoute } from '@tanstack/react-router';
import { DatabaseListPage } from '../../../features/database/database-page.tsx';

export const Route = createFileRoute('/_authenticated/database/$type')({
  component: function DatabaseListRoute() {
    return <DatabaseListPage type={Route.useParams().type} />;
  },
});
