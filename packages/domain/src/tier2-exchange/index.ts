export * from './dataset.ts';
export * from './export.ts';
