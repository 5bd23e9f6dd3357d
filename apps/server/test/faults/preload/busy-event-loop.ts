/**
 * Test-only, loaded with `--import` by the event-loop scenario and never by the app: SIGUSR2
 * keeps the event loop busy for `FAULT_BUSY_MS` (5 s), in 400 ms slices with a short gap between
 * them, so the requests that queue up meanwhile are answered (by the event-loop check) while
 * the loop is still saturated, as under a flood of CPU-heavy work. `FAULT_BUSY_SLICE_MS` equal to
 * `FAULT_BUSY_MS` makes it one long turn instead (a large report drawn), which is not saturation.
 */
const SLICE_MS = Number(process.env.FAULT_BUSY_SLICE_MS ?? 400);

process.on('SIGUSR2', () => {
  const end = Date.now() + Number(process.env.FAULT_BUSY_MS ?? 5000);
  const slice = () => {
    const until = Math.min(Date.now() + SLICE_MS, end);
    let spins = 0;
    while (Date.now() < until) spins += 1;
    if (Date.now() < end) setTimeout(slice, 5 + (spins % 2));
  };
  slice();
});
