import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Button } from './ui/button.tsx';

/**
 * Delete one record after its confirmation ("Delete User?" / "Delete Hazard Class?" with "Are you
 * sure you want to delete {name}?"). Nothing is sent until the confirmation. `asText` shows a
 * labelled button (in a modal) instead of the row's icon. A product's component is removed
 * instead: `verb` "Remove" and its own `description`. `title` replaces "{verb} {entity}?" where
 * the spec words the question itself ("Delete Product from Inventory").
 */
export function DeleteAction({
  entity,
  name,
  onConfirm,
  isPending,
  disabled,
  asText,
  verb = 'Delete',
  title,
  description,
}: {
  entity: string;
  name: string;
  onConfirm: () => void;
  isPending?: boolean;
  disabled?: boolean;
  asText?: boolean;
  verb?: 'Delete' | 'Remove';
  title?: string;
  description?: string;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      {asText ? (
        <Button variant="secondary" disabled={disabled || isPending} onClick={() => setOpen(true)}>
          {verb}
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${verb} ${name}`}
          title={verb}
          disabled={disabled || isPending}
          onClick={() => setOpen(true)}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      )}
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setOpen}
        title={title ?? `${verb} ${entity}?`}
        description={description ?? `Are you sure you want to ${verb.toLowerCase()} ${name}?`}
        confirmLabel={verb}
        variant="destructive"
        isPending={isPending}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
