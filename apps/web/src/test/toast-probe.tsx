import { useToasts } from '../lib/toast.ts';

/** The open notices as JSON in `data-testid="toasts"`, so a test reads title, text, variant and duration. */
export function ToastProbe() {
  const toasts = useToasts().filter((t) => t.open);
  return (
    <output data-testid="toasts">
      {JSON.stringify(
        toasts.map(({ title, description, variant, duration }) => ({
          title,
          description,
          variant,
          duration,
        })),
      )}
    </output>
  );
}
