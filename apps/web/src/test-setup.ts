import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useIndexedLabelControl } from './test/label-control.ts';

// jsdom does no layout, so it has no scrollIntoView; components call it to keep the active option in view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

useIndexedLabelControl(document);

afterEach(cleanup);
