export * from './container-calculation.ts';
export * from './inventory-product.ts';
export * from './inventory-product-labels.ts';
export * from './inventory-product-resource.ts';
export * from './save-inventory-product.ts';
