import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realApiServer } from '../../test/api-server.ts';
import { renderRoutes } from '../../test/render-routes.tsx';
import { ProductFormPage } from './products-form.tsx';

const server = realApiServer({ role: 'staff' });

/** The create page of a product, with the list it goes back to. */
function renderCreatePage() {
  renderRoutes(
    {
      '/products/create': () => <ProductFormPage productId={undefined} />,
      '/products': () => <p>Products List</p>,
    },
    '/products/create',
  );
}

async function productsNamed(name: string) {
  const res = await server.call<{ resource: { items: { name: string; mfg_name: string }[] } }>(
    'admin',
    'GET',
    `/products/list?search=${encodeURIComponent(name)}`,
  );
  return res.body.resource.items.filter((item) => item.name === name);
}

describe('a product of a name and manufacturer the catalogue has', () => {
  it('asks first, naming the product there, and "Create anyway" creates it', async () => {
    await server.create('/products/create', { name: 'AcidClean 50', mfg_name: 'ChemCo Industries' });
    renderCreatePage();
    await userEvent.type(await screen.findByLabelText(/Product Name/), 'AcidClean 50');
    await userEvent.type(screen.getByLabelText(/Manufacturer Name/), 'ChemCo Industries');
    const submit = screen.getByRole('button', { name: 'Create Product' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await userEvent.click(submit);

    const question = await screen.findByRole('alertdialog', { name: 'Product Already in Catalogue' });
    expect(question.textContent).toContain(
      'A product named AcidClean 50 by ChemCo Industries already exists. Create another product with the same name and manufacturer?',
    );
    expect(await productsNamed('AcidClean 50')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Create anyway' }));
    expect(await screen.findByText('Products List')).toBeTruthy();
    expect(await productsNamed('AcidClean 50')).toHaveLength(2);
    const creates = (await server.requests()).filter(
      (request) => request.method === 'POST' && request.url === '/api/admin/v1/products/create',
    );
    // The seed, the first try and the confirmed one.
    expect(creates).toHaveLength(3);
  });
});
