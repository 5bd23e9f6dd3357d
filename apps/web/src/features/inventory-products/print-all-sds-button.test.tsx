import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../lib/toast.ts';
import { realApiServer } from '../../test/api-server.ts';
import { catchSavedFiles } from '../../test/saved-files.ts';
import { ToastProbe } from '../../test/toast-probe.tsx';
import { inventoryProductsApi } from './api.ts';
import { PrintAllSdsButton } from './print-all-sds-button.tsx';

const server = realApiServer();
const address = { address: '1 Test Way', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };
let inventoryId = 0;
let emptyInventoryId = 0;

beforeAll(async () => {
  const customer = await server.call<{ resource: { id: number } }>('admin', 'POST', '/customers/create', {
    name: 'Print Customer',
    address,
    is_same_billing_address: 1,
    is_active: 1,
    encode: true,
  });
  const facility = await server.call<{ resource: { id: number } }>('admin', 'POST', '/facilities/create', {
    name: 'Print Plant',
    customer_id: customer.body.resource.id,
    address,
    is_active: 1,
    encode: true,
  });
  const inventory = (year: number) =>
    server.call<{ resource: { id: number } }>('admin', 'POST', '/inventories/create', {
      year,
      customer_id: customer.body.resource.id,
      facility_id: facility.body.resource.id,
      is_active: 1,
      encode: true,
    });
  const printed = await inventory(new Date().getFullYear());
  expect(printed.status, JSON.stringify(printed.body)).toBe(201);
  inventoryId = printed.body.resource.id;
  emptyInventoryId = (await inventory(new Date().getFullYear() - 1)).body.resource.id;
  // One line, of a product without an SDS file: the PDF is its index page, naming it as not included.
  const line = await server.call('admin', 'POST', `/inventories/${inventoryId}/product/create`, {
    name: 'Print Solvent',
    mfg_name: 'Solvents Inc',
    container_size: 1,
    container_quantity: 1,
    encode: true,
  });
  expect(line.status, JSON.stringify(line.body)).toBe(201);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => dismissToast());
});

function Harness({ id }: { id: number }) {
  return (
    <>
      <PrintAllSdsButton download={inventoryProductsApi(id).printAllSds} fallbackName="All_SDS.pdf" />
      <ToastProbe />
    </>
  );
}

describe('PrintAllSdsButton', { timeout: 20_000 }, () => {
  it('is disabled and counts the seconds while the PDF is prepared, then saves it', async () => {
    const { saved, click } = catchSavedFiles();
    await server.hold('response');
    render(<Harness id={inventoryId} />);
    await userEvent.click(screen.getByRole('button', { name: 'Print All SDS' }));
    const button = screen.getByRole('button', { name: /Preparing… 0 s/ });
    expect(button).toHaveProperty('disabled', true);
    expect(await screen.findByText('Preparing… 1 s', {}, { timeout: 3000 })).toBeTruthy();
    await server.release();
    // The merge runs in a worker thread on a machine other tests share.
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Print All SDS' })).toHaveProperty('disabled', false),
      { timeout: 15_000 },
    );
    expect(screen.getByTestId('toasts').textContent).toBe('[]');
    expect(click).toHaveBeenCalledOnce();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/\.pdf$/);
    expect(saved).toHaveLength(1);
    const head = new Uint8Array(await (saved[0] as Blob).arrayBuffer()).subarray(0, 5);
    expect(new TextDecoder().decode(head)).toBe('%PDF-');
    expect(screen.getByTestId('toasts').textContent).toBe('[]');
  });

  it('says a download cut off after its first bytes, and saves nothing', async () => {
    const { saved, click } = catchSavedFiles();
    // The answer the browser gets when the merge fails halfway: a PDF begun, then the connection
    // closed without the final chunk (fetch's body read fails).
    const cutOff = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('%PDF-1.7\n%\xff\xff\n\n1 0 obj\n'));
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(cutOff, { headers: { 'Content-Type': 'application/pdf' } })),
    );
    render(<Harness id={inventoryId} />);
    await userEvent.click(screen.getByRole('button', { name: 'Print All SDS' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).not.toBe('[]'), { timeout: 5000 });
    const [notice] = JSON.parse(screen.getByTestId('toasts').textContent ?? '[]');
    expect(notice).toMatchObject({ title: 'Error', variant: 'destructive', duration: 5000 });
    expect(notice.description).toBe(
      'The download stopped before the file was complete, so nothing was saved. Try again.',
    );
    expect(saved).toHaveLength(0);
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Print All SDS' })).toHaveProperty('disabled', false);
  });

  it('takes a PDF that ends without its end (%%EOF) as cut off too', async () => {
    const { saved } = catchSavedFiles();
    // A proxy between may end the answer cleanly where the server cut it off.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', {
            headers: { 'Content-Type': 'application/pdf' },
          }),
      ),
    );
    render(<Harness id={inventoryId} />);
    await userEvent.click(screen.getByRole('button', { name: 'Print All SDS' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).not.toBe('[]'), { timeout: 5000 });
    const [notice] = JSON.parse(screen.getByTestId('toasts').textContent ?? '[]');
    expect(notice.description).toBe(
      'The download stopped before the file was complete, so nothing was saved. Try again.',
    );
    expect(saved).toHaveLength(0);
  });

  it('says a failure in the destructive notice titled Error, for 5 s', async () => {
    render(<Harness id={emptyInventoryId} />);
    await userEvent.click(screen.getByRole('button', { name: 'Print All SDS' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).not.toBe('[]'), { timeout: 5000 });
    const [notice] = JSON.parse(screen.getByTestId('toasts').textContent ?? '[]');
    expect(notice).toMatchObject({ title: 'Error', variant: 'destructive', duration: 5000 });
    expect(notice.description).toBe('This inventory has no products to print.');
    expect(screen.getByRole('button', { name: 'Print All SDS' })).toHaveProperty('disabled', false);
  });
});
