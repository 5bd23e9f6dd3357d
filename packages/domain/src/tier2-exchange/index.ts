export * from './dataset.ts';
export * from './import.ts';
