// The whole schema, one file per area: what Drizzle's client, drizzle-kit and the modules import.
// Column helpers (columns.ts, product-data.ts) stay out, so this holds tables and enums only.

export * from './addresses.ts';
export * from './customers.ts';
export * from './enums.ts';
export * from './filings.ts';
export * from './fire-code.ts';
export * from './inventories.ts';
export * from './lookups.ts';
export * from './products.ts';
export * from './reference-lists.ts';
export * from './users.ts';
