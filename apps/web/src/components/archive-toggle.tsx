import { Archive, ArchiveRestore } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Button } from './ui/button.tsx';

/**
 * Archive or unarchive one record after a confirmation ("Archive User?" / "Are you sure you want
 * to archive {name}?"). `asText` shows a labelled button instead of an icon.
 */
export function ArchiveToggle({
  entity,
  name,
  isActive,
  onConfirm,
  isPending,
  disabled,
  asText,
}: {
  entity: string;
  name: string;
  isActive: boolean;
  onConfirm: () => void;
  isPending?: boolean;
  disabled?: boolean;
  asText?: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const verb = isActive ? 'Archive' : 'Unarchive';
  return (
    <>
      {asText ? (
        <Button
          variant={isActive ? 'destructive' : 'secondary'}
          disabled={disabled || isPending}
          onClick={() => setOpen(true)}
        >
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
          {isActive ? (
            <Archive className="h-4 w-4" aria-hidden />
          ) : (
            <ArchiveRestore className="h-4 w-4" aria-hidden />
          )}
        </Button>
      )}
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setOpen}
        title={`${verb} ${entity}?`}
        description={`Are you sure you want to ${verb.toLowerCase()} ${name}?`}
        confirmLabel={verb}
        variant={isActive ? 'destructive' : 'primary'}
        isPending={isPending}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
