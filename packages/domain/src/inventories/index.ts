export * from './inventory.ts';
