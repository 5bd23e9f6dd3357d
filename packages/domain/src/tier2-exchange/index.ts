export * from './dataset.ts';
