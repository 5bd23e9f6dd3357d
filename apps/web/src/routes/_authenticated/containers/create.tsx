import { createFileRoute } from '@tanstack/react-router';
import { ContainerModal } from '../../../features/containers/containers-page.tsx';

export const Route = createFileRoute('/_authenticated/containers/create')({
  component: () => <ContainerModal tab="containers" id={undefined} />,
});
