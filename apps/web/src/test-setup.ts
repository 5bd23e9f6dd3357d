import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { indexLabelControls } from './test/label-control.ts';

// jsdom does no layout, so it has no scrollIntoView; components call it to keep the active option in view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

indexLabelControls(document);

afterEach(cleanup);
