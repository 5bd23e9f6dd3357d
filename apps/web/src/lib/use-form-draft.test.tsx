import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_TEXT, DraftStatusNotice } from '../components/draft-status.tsx';
import { createDraftStore, type DraftRef, type DraftStore, indexedDbBackend } from './drafts.ts';
import { useFormDraft } from './use-form-draft.ts';

interface Values {
  quantity: string;
}

/** The debounce and IndexedDB run on timers that a loaded machine (the whole suite at once) delays. */
const SLOW = { timeout: 5_000 };

const REF: DraftRef = { userId: 1, form: 'inventory-line', record: '7/12' };

let databases = 0;
function freshStore(): DraftStore {
  databases += 1;
  return createDraftStore(indexedDbBackend(`use-form-draft-test-${databases}`));
}

/** A one-field form with the draft hook, its status line, and the save outcomes as buttons. */
function DraftForm({ store, send }: { store: DraftStore; send: () => void }) {
  const form = useForm<Values>({ defaultValues: { quantity: '1' } });
  const draft = useFormDraft({ ref: REF, version: 1, form, send, store });
  return (
    <form aria-label="Line">
      <label htmlFor="quantity">Quantity</label>
      <input id="quantity" {...form.register('quantity')} />
      <DraftStatusNotice status={draft.status} onDiscard={draft.discard} />
      <button type="button" onClick={() => void draft.sending(form.getValues())}>
        Save
      </button>
      <button type="button" onClick={() => void draft.lostConnection()}>
        Connection lost
      </button>
      <button type="button" onClick={draft.sent}>
        Saved
      </button>
    </form>
  );
}

/** The form's draft line (a live region, beside the page's notices). */
function draftLine(): string {
  return document.querySelector('[data-draft-status]')?.textContent ?? 'no draft line';
}

function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a form’s draft on the device', () => {
  it('keeps what is typed, and a reopened form restores it and offers to discard it', async () => {
    const store = freshStore();
    const first = render(<DraftForm store={store} send={() => {}} />);
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.type(screen.getByLabelText('Quantity'), '25');
    await waitFor(
      async () => expect((await store.load<Values>(REF, 1))?.values).toEqual({ quantity: '25' }),
      SLOW,
    );
    first.unmount();

    render(<DraftForm store={store} send={() => {}} />);
    await waitFor(() => expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '25'), SLOW);
    expect(draftLine()).toContain(DRAFT_TEXT.restored);

    await userEvent.click(screen.getByRole('button', { name: DRAFT_TEXT.discard }));
    expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '1');
    expect(draftLine()).toBe('');
    await waitFor(async () => expect(await store.load(REF, 1)).toBeUndefined(), SLOW);
  });

  it('a save without a connection says it is kept, and goes again when the connection returns', async () => {
    const store = freshStore();
    const send = vi.fn();
    render(<DraftForm store={store} send={send} />);
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.type(screen.getByLabelText('Quantity'), '40');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(draftLine()).toBe(DRAFT_TEXT.sending);
    await userEvent.click(screen.getByRole('button', { name: 'Connection lost' }));
    await waitFor(() => expect(draftLine()).toBe(DRAFT_TEXT.kept), SLOW);
    const kept = await store.load<Values>(REF, 1);
    expect(kept?.values).toEqual({ quantity: '40' });
    expect(kept?.queued).toBe(true);
    expect(send).not.toHaveBeenCalled();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(send).toHaveBeenCalledTimes(1);

    // The server's answer lets go of the draft and of the status line.
    await userEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(draftLine()).toBe('');
    await waitFor(async () => expect(await store.load(REF, 1)).toBeUndefined(), SLOW);
    // Back online for good: no second retry from a stale listener.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a save that was waiting is restored on reopening: kept while offline, sent once online', async () => {
    const store = freshStore();
    await store.keep<Values>(REF, 1, { quantity: '40' }, true);

    setOnline(false);
    const send = vi.fn();
    const offline = render(<DraftForm store={store} send={send} />);
    await waitFor(() => expect(draftLine()).toBe(DRAFT_TEXT.kept), SLOW);
    expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '40');
    expect(send).not.toHaveBeenCalled();
    offline.unmount();

    setOnline(true);
    render(<DraftForm store={store} send={send} />);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1), SLOW);
    expect(screen.getByLabelText('Quantity')).toHaveProperty('value', '40');
  });

  it('says so when the device could not keep the values either', async () => {
    const store = createDraftStore({
      get: () => Promise.resolve(undefined),
      put: () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
      delete: () => Promise.resolve(),
      deleteUser: () => Promise.resolve(),
      listUser: () => Promise.resolve([]),
    });
    render(<DraftForm store={store} send={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Connection lost' }));
    await waitFor(() => expect(draftLine()).toBe(DRAFT_TEXT.unkept), SLOW);
  });
});
