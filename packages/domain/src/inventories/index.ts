export * from './container-calculation.ts';
