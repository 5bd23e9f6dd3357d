import {
  FILING_METHOD_LABELS,
  FILING_METHODS,
  type FilingItem,
  type FilingMethod,
  usDateToIso,
} from '@chemtrack/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { DateInput } from '../../components/date-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { filingKeys, markFiled } from './api.ts';

const COMPLETE_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

/** "Mark as filed" (issue 36): the day, how and the agency's confirmation number, checked by the server. */
export function MarkFiledDialog({ item, onClose }: { item: FilingItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const ids = { filedOn: useId(), method: useId(), confirmation: useId() };
  const [filedOn, setFiledOn] = useState('');
  const [method, setMethod] = useState<FilingMethod | ''>('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const save = useMutation({
    mutationFn: () =>
      markFiled({
        inventory_id: item.inventory_id,
        obligation: item.obligation,
        filed_on: COMPLETE_DATE.test(filedOn) ? usDateToIso(filedOn) : filedOn,
        method: method as FilingMethod,
        confirmation_number: confirmation,
      }),
    meta: { handlesErrors: true },
    onSuccess: async (result) => {
      toast({ variant: 'success', title: result.message });
      await queryClient.invalidateQueries({ queryKey: filingKeys.all });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        setErrors({
          filed_on: error.fieldMessage('filed_on'),
          method: error.fieldMessage('method'),
          confirmation_number: error.fieldMessage('confirmation_number'),
        });
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof ApiError ? error.description : error.message,
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate();
  };
  const fieldError = (field: string) =>
    errors[field] ? (
      <p role="alert" className="text-xs text-red-700">
        {errors[field]}
      </p>
    ) : null;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Mark as filed"
        description={`${item.obligation_label}, ${item.facility_name}, ${item.year}`}
        onClose={onClose}
      >
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.filedOn} className="text-sm font-medium">
              Filed on
            </label>
            <DateInput id={ids.filedOn} value={filedOn} onChange={setFiledOn} />
            {fieldError('filed_on')}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.method} className="text-sm font-medium">
              How it was filed
            </label>
            <Select
              id={ids.method}
              value={method}
              onChange={(event) => setMethod(event.target.value as FilingMethod | '')}
            >
              <option value="">Choose…</option>
              {FILING_METHODS.map((value) => (
                <option key={value} value={value}>
                  {FILING_METHOD_LABELS[value]}
                </option>
              ))}
            </Select>
            {fieldError('method')}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.confirmation} className="text-sm font-medium">
              Confirmation number
            </label>
            <Input
              id={ids.confirmation}
              value={confirmation}
              maxLength={100}
              onChange={(event) => setConfirmation(event.target.value)}
            />
            {fieldError('confirmation_number')}
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Mark as filed'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
