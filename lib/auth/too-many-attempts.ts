import type { Throttled } from "./sign-in-throttle";

/** What a locked-out attempt tells the person (sign-in, second factor, password change). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}

/** What a throttled attempt tells the person: the lock-out, or that it could not be checked now. */
export function throttledMessage(throttled: Pick<Throttled, "retryAfterSeconds" | "unverifiable">): string {
  if (throttled.unverifiable)
    return "Não foi possível conferir a tentativa agora. Tente novamente em alguns segundos.";
  return tooManyAttemptsMessage(throttled.retryAfterSeconds);
}
