import { addressBody } from '../src/seed/factories.ts';

/** @deprecated The factories' `addressBody()` (src/seed/factories.ts); kept for tests not yet moved. */
export const AUSTIN_ADDRESS = addressBody();
