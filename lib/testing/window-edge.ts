/**
 * Lock-outs count in fixed windows aligned to the epoch (15 minutes; an hour for the reset's
 * per-e-mail count, which ends on a 15-minute edge too) and sliding windows weigh the previous
 * window's count down as the current one runs (a minute for the write windows): a test that spends a window's attempts
 * and expects the next one refused would see a fresh window if it ran across an edge. Called before
 * each such test: when the clock is within `marginMs` of the next edge, it waits for the edge to
 * pass (at most `marginMs`), so that the test runs inside one window.
 */
export async function clearOfWindowEdge(windowMs = 15 * 60_000, marginMs = 30_000): Promise<void> {
  const untilEdge = windowMs - (Date.now() % windowMs);
  if (untilEdge < marginMs) await new Promise((resolve) => setTimeout(resolve, untilEdge + 50));
}
