import { createFileRoute } from '@tanstack/react-router';
import { ContainerModal } from '../../../features/containers/containers-page.tsx';

export const Route = createFileRoute('/_authenticated/units/create')({
  component: () => <ContainerModal tab="units" id={undefined} />,
});
