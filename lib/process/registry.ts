/**
 * The one home of process-wide state. `next build` bundles a module once per bundle (pages, route
 * handlers, instrumentation), so a module-level singleton exists once per bundle, not once per
 * process: the portal and the API would each open their own database, limiter, caches. Every
 * singleton therefore lives here, in one map on `globalThis` under a `Symbol.for` key that every
 * copy of this module resolves to the same slot, whichever bundle loaded first.
 *
 * This is the only module allowed to touch `globalThis` (lib/process/architecture.test.ts).
 */
const REGISTRY_KEY = Symbol.for("broker-portal.process-registry");

type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [REGISTRY_KEY]?: Registry };
  holder[REGISTRY_KEY] ??= new Map();
  return holder[REGISTRY_KEY];
}

/**
 * The process's single value named `name`, made by `create` on first use by any bundle. Each name
 * belongs to one module (checked by the architecture test); keep the value a mutable state object
 * so that later assignments are seen by every bundle.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const slots = registry();
  if (!slots.has(name)) slots.set(name, create());
  return slots.get(name) as T;
}
