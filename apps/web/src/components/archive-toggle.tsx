import { Archive, ArchiveRestore } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Button } from './ui/button.tsx';

/**
 * Archive or unarchive one record, by default after a confirmation ("Archive User?" / "Are you
 * sure you want to archive {name}?"). `asText` shows a labelled button instead of an icon.
 * `confirm={false}` acts at once: spec 02 §4 asks first only for inventories and hazard classes,
 * while spec 01 keeps the question for users and technicians, hence the default.
 */
export function ArchiveToggle({
  entity,
  name,
  isActive,
  onConfirm,
  isPending,
  disabled,
  asText,
  confirm: shouldConfirm = true,
}: {
  entity: string;
  name: string;
  isActive: boolean;
  /** Runs after the confirmation, or on the click itself when `confirm` is false. */
  onConfirm: () => void;
  isPending?: boolean;
  disabled?: boolean;
  asText?: boolean;
  confirm?: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const verb = isActive ? 'Archive' : 'Unarchive';
  const onClick = () => (shouldConfirm ? setOpen(true) : onConfirm());
  return (
    <>
      {asText ? (
        <Button
          variant={isActive ? 'destructive' : 'secondary'}
          disabled={disabled || isPending}
          onClick={onClick}
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
          onClick={onClick}
        >
          {isActive ? (
            <Archive className="h-4 w-4" aria-hidden />
          ) : (
            <ArchiveRestore className="h-4 w-4" aria-hidden />
          )}
        </Button>
      )}
      {shouldConfirm ? (
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
      ) : null}
    </>
  );
}
