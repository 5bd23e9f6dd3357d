export * from './cas-reading.ts';
export * from './concentration.ts';
export * from './response.ts';
