import type { EventEmitter } from "node:events";
import { flushReadAudits } from "@/lib/audit/read-queue";
import { log } from "@/lib/log";

/** While the server drains its requests, queued reads are written this often (they are recorded until exit). */
export const SHUTDOWN_READ_FLUSH_MS = 50;

const SIGNALS = ["SIGTERM", "SIGINT"] as const;

/**
 * When the process is asked to stop (SIGTERM/SIGINT), writes the queued read records at once and
 * then every 50 ms while Next finishes the requests in flight and exits (Next's own handler exits;
 * alone, this one exits after its flush). Without it the last second of reads would be lost at every
 * deploy; a process killed outright (SIGKILL, crash) still loses at most that second.
 */
export function flushReadAuditsOnShutdown(
  target: EventEmitter = process,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  for (const signal of SIGNALS) {
    target.once(signal, () => {
      const alone = target.listenerCount(signal) === 0;
      const flush = () =>
        flushReadAudits().catch((error) => log.error({ err: error }, "audit: reads not flushed at shutdown"));
      const timer = setInterval(flush, SHUTDOWN_READ_FLUSH_MS);
      timer.unref();
      void flush().finally(() => {
        if (alone) {
          clearInterval(timer);
          exit(0);
        }
      });
    });
  }
}
