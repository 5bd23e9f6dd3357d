export * from './dataset.ts';
export * from './export.ts';
export * from './import.ts';
