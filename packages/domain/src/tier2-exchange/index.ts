export * from './dataset.ts';
export * from './export-contract.ts';
export * from './export-mapping.ts';
export * from './import.ts';
export * from './subject-answers.ts';
