import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { indexLabelControls } from './test/label-control.ts';

// jsdom does no layout, so it has no scrollIntoView; components call it to keep the active option in view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// Nor ResizeObserver, through which Radix's checkbox measures itself in a form (a page with one,
// such as the Reports screen's "All facilities", would not render); nothing here is ever resized.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

indexLabelControls(document);

// Many of these tests wait for answers of a real app over HTTP (test/api-server.ts), which in CI
// shares 2 cores with the browser lane: Testing Library's default 1 s for findBy/waitFor failed a
// first page load there (an audit log list that came 1.4 s after its request). What is waited for
// is unchanged; only a failure takes longer to report.
configure({ asyncUtilTimeout: 10_000 });

afterEach(cleanup);
