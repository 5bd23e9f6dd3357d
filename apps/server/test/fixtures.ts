/** A valid address body (customers, facilities), as the address fields send it. */
export const AUSTIN_ADDRESS = {
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
};
