import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useCan } from '../../lib/permissions.ts';
import { toast } from '../../lib/toast.ts';
import { type AccountsBase, endAccountSessions } from './api.ts';

/**
 * "End Sessions" on the user's and the technician's forms (issue 12): after a confirmation, every
 * session of the account ends and they must sign in again on each device (a lost laptop or
 * tablet, someone leaving). The account itself is unchanged. Failures get the app's default error
 * notice.
 */
export function EndSessionsButton({
  userId,
  fullName,
  base = '/users',
}: {
  userId: number;
  fullName: string;
  /** Which screen's account it is: each has its own route and action. */
  base?: AccountsBase;
}) {
  const canEnd = useCan(base === '/users' ? 'users.end-sessions' : 'technicians.end-sessions');
  const [isOpen, setOpen] = useState(false);
  const end = useMutation({
    mutationFn: () => endAccountSessions(base, userId),
    onSuccess: (result) => {
      toast({ variant: 'success', title: 'Sessions ended', description: result.message });
    },
  });
  if (!canEnd) return null;
  return (
    <>
      <Button type="button" variant="secondary" disabled={end.isPending} onClick={() => setOpen(true)}>
        <LogOut className="mr-2 h-4 w-4" aria-hidden />
        {end.isPending ? 'Ending sessions...' : 'End Sessions'}
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setOpen}
        title="End all sessions?"
        description={`${fullName} will be signed out on every device and must sign in again.`}
        confirmLabel="End Sessions"
        variant="destructive"
        isPending={end.isPending}
        onConfirm={() => {
          setOpen(false);
          end.mutate();
        }}
      />
    </>
  );
}
