import "server-only";
import { sealData, unsealData } from "iron-session";
import { cookies } from "next/headers";
import { env } from "@/lib/env";
import { isGuid } from "@/lib/schemas/identifiers";
import { deriveSecret } from "@/lib/secrets";

export const PENDING_STEP_COOKIE = "bp_second_factor";
/** Time to type a code (or enrol) after the password: then the password is asked again. */
export const PENDING_STEP_TTL_SECONDS = 10 * 60;

/**
 * A sign-in between the password and the second factor: who proved the password, from where, what
 * is left to do ("verify" a code, or "enrol" first when the broker requires a factor the user lacks)
 * and where to go after. Sealed (encrypted and signed) with its own key: it cannot be forged or
 * moved to another user, and it is no session: no portal page accepts it.
 */
export type PendingStep = {
  userId: string;
  email: string;
  stage: "verify" | "enrol";
  callbackUrl?: string;
  /** Epoch milliseconds after which the step is refused (also enforced by the seal's own TTL). */
  expiresAt: number;
};

function password(): string {
  return deriveSecret("second-factor-pending").toString("hex");
}

export async function sealPendingStep(step: PendingStep): Promise<string> {
  return sealData(step, { password: password(), ttl: PENDING_STEP_TTL_SECONDS });
}

/** The step a seal holds, if it opens, is well-formed and has not expired at `now`. */
export async function openPendingStep(seal: string, now = Date.now()): Promise<PendingStep | undefined> {
  let data: Partial<PendingStep>;
  try {
    data = await unsealData<Partial<PendingStep>>(seal, {
      password: password(),
      ttl: PENDING_STEP_TTL_SECONDS,
    });
  } catch {
    return undefined;
  }
  if (
    typeof data.userId !== "string" ||
    !isGuid(data.userId) ||
    typeof data.email !== "string" ||
    (data.stage !== "verify" && data.stage !== "enrol") ||
    typeof data.expiresAt !== "number" ||
    data.expiresAt <= now
  )
    return undefined;
  return {
    userId: data.userId,
    email: data.email,
    stage: data.stage,
    expiresAt: data.expiresAt,
    ...(typeof data.callbackUrl === "string" ? { callbackUrl: data.callbackUrl } : {}),
  };
}

/** Starts the step after a correct password: the sealed cookie, for this browser only. */
export async function startPendingStep(step: Omit<PendingStep, "expiresAt">): Promise<void> {
  const seal = await sealPendingStep({ ...step, expiresAt: Date.now() + PENDING_STEP_TTL_SECONDS * 1000 });
  (await cookies()).set(PENDING_STEP_COOKIE, seal, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().NODE_ENV === "production",
    path: "/",
    maxAge: PENDING_STEP_TTL_SECONDS,
  });
}

/** This browser's step under way, or undefined (none, expired or tampered with). */
export async function readPendingStep(): Promise<PendingStep | undefined> {
  const seal = (await cookies()).get(PENDING_STEP_COOKIE)?.value;
  return seal ? openPendingStep(seal) : undefined;
}

export async function clearPendingStep(): Promise<void> {
  (await cookies()).delete(PENDING_STEP_COOKIE);
}
