export * from './container-calculation.ts';
export * from './inventory-product.ts';
