export * from './container-calculation.ts';
export * from './inventory.ts';
export * from './inventory-product.ts';
