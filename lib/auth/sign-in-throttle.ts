/**
 * Sign-in attempt throttle: a fixed window per identifier (email + IP), in process memory.
 * lib/rate-limit only exposes the API's enforceLimits (keyed on API keys/IPs and answering with
 * GatewayErrors), so the portal keeps this minimal limiter. One process only: behind several
 * instances each counts on its own, which still caps guessing at MAX x instances per window.
 */
export const SIGN_IN_MAX_ATTEMPTS = 5;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

type Window = { startedAt: number; count: number };
const windows = new Map<string, Window>();

/**
 * Counts one attempt for `identifier`. Allowed while the window holds at most MAX attempts; once
 * refused, `retryAfterSeconds` is the whole seconds (at least 1) until the window resets.
 */
export async function throttleSignIn(
  identifier: string,
  now: number = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowMs = SIGN_IN_WINDOW_SECONDS * 1000;
  let window = windows.get(identifier);
  if (!window || now - window.startedAt >= windowMs) {
    window = { startedAt: now, count: 0 };
    if (windows.size > 50_000) pruneExpired(now, windowMs);
    windows.set(identifier, window);
  }
  window.count += 1;
  if (window.count <= SIGN_IN_MAX_ATTEMPTS) return { allowed: true, retryAfterSeconds: 0 };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)),
  };
}

/** Forgets the attempts of `identifier` (after a successful sign-in). */
export function clearSignInThrottle(identifier: string): void {
  windows.delete(identifier);
}

function pruneExpired(now: number, windowMs: number): void {
  for (const [key, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(key);
}

export function resetSignInThrottleForTesting(): void {
  windows.clear();
}
