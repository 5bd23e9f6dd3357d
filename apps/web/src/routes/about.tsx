import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/about')({
  component: () => (
    <main className="p-8">
      <h1 className="text-2xl font-semibold">About</h1>
    </main>
  ),
});
