/**
 * Window maths shared by every backend. Buckets are aligned to the Unix epoch: bucket `b` of a
 * window `w` covers [b·w, (b+1)·w). These are the formulas of @upstash/ratelimit's single-region
 * `fixedWindow` and `slidingWindow` Lua scripts, written with the same floating-point steps so that
 * the in-process limiter and Redis allow and refuse exactly the same calls.
 */

export function bucketOf(now: number, windowMs: number): number {
  return Math.floor(now / windowMs);
}

/** End of the bucket holding `now` (ms since the epoch): the reset of a fixed window. */
export function bucketEnd(now: number, windowMs: number): number {
  return (bucketOf(now, windowMs) + 1) * windowMs;
}

/** The bucket a call was counted in, from the reset its outcome gave (the end of that bucket). */
export function bucketEndingAt(resetAt: number, windowMs: number): number {
  return bucketOf(resetAt - 1, windowMs);
}

/**
 * Calls counted by a sliding window at `now`: the current bucket's calls plus the previous
 * bucket's calls weighted by the share of the window that still overlaps it, rounded down:
 * `floor((1 - (now mod w) / w) · previous) + current`. A call passes while this is below the limit.
 */
export function slidingWindowCount(current: number, previous: number, now: number, windowMs: number): number {
  const percentageInCurrent = (now % windowMs) / windowMs;
  return Math.floor((1 - percentageInCurrent) * previous) + current;
}

/**
 * Milliseconds from `now` until one call would pass a sliding window whose current and previous
 * buckets hold `current` and `previous` calls, if nobody else calls meanwhile. The count only
 * falls as time goes on inside a bucket, so a binary search over the bucket's milliseconds finds
 * the first instant exactly; when none in this bucket passes, the current calls become the
 * previous bucket of the next one and the search goes on there. 0 when a call would pass now.
 */
export function slidingWindowRetryMs(
  current: number,
  previous: number,
  now: number,
  limit: number,
  windowMs: number,
): number {
  let cur = current;
  let prev = previous;
  let from = now;
  let end = bucketEnd(now, windowMs);
  // Two bucket moves at most: after them both buckets are empty.
  for (let move = 0; move < 3; move++) {
    const passes = (at: number) => slidingWindowCount(cur, prev, at, windowMs) < limit;
    if (passes(end - 1)) {
      let low = from;
      let high = end - 1;
      while (low < high) {
        const mid = Math.floor((low + high) / 2);
        if (passes(mid)) high = mid;
        else low = mid + 1;
      }
      return low - now;
    }
    prev = cur;
    cur = 0;
    from = end;
    end += windowMs;
  }
  return from - now;
}

/** Whole seconds for Retry-After and the messages: rounded up, at least 1. */
export function toWholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** `HH:MM:SS` for the quota message; hours are not wrapped (a full day reads 24:00:00). */
export function formatHms(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, "0")).join(":");
}
