import "server-only";
import { isUniqueViolation } from "@/db/errors";
import type { Database, Executor } from "@/db/index";
import {
  consumeAccountToken,
  findUsableAccountToken,
  replaceAccountToken,
  voidAccountTokens,
} from "@/db/queries/account-tokens";
import { isEmailTakenByOther, updateUserEmail } from "@/db/queries/user-email";
import { findActiveUserById } from "@/db/queries/users";
import { recordAudit } from "@/lib/audit/record";
import { log } from "@/lib/log";
import { EMAIL_CHANGE_TTL_HOURS } from "./email-change-schema";
import { sendAccountEmail } from "./mail";
import { hashLinkToken, isLinkTokenShape, newLinkToken } from "./tokens";

/**
 * A user's own e-mail change (docs/account-recovery.md): asked for on /account (with a fresh proof
 * of the user, checked by the Server Action), confirmed only by the link sent TO THE NEW ADDRESS
 * (24 h, single use, a newer request voids the older link). Only following it changes the e-mail;
 * the old address is then told, without a link. Whether the new address is another user's is not
 * said when asking (no way to probe for accounts); following the link then fails with a clear message.
 */

const TTL_MS = EMAIL_CHANGE_TTL_HOURS * 60 * 60_000;

export type EmailChangeRequest =
  | { ok: true; sent: boolean }
  | { ok: false; reason: "same-email" | "no-user" };

export async function requestEmailChange(
  db: Database,
  input: { userId: string; newEmail: string; clientAddress: string; origin: string; now?: Date },
): Promise<EmailChangeRequest> {
  const user = await findActiveUserById(db, input.userId);
  if (!user) return { ok: false, reason: "no-user" };
  if (user.email.toLowerCase() === input.newEmail.toLowerCase()) return { ok: false, reason: "same-email" };
  const now = input.now ?? new Date();
  const { token, hash } = newLinkToken();
  await db.transaction(async (tx) => {
    await replaceAccountToken(tx, {
      userId: user.userId,
      kind: "email-change",
      tokenHash: hash,
      newEmail: input.newEmail,
      expiresAt: new Date(now.getTime() + TTL_MS),
      now,
    });
    await recordAudit(tx, {
      brokerId: user.brokerId,
      actor: { kind: "user", id: user.userId },
      clientAddress: input.clientAddress,
      action: "email.change-requested",
      object: { type: "user", id: user.userId },
    });
  });
  const link = `${input.origin}/confirm-email/${token}`;
  const outcome = await sendAccountEmail(db, {
    brokerId: user.brokerId,
    userId: user.userId,
    kind: "email-change",
    to: input.newEmail,
    subject: "Portal do Corretor: confirme o seu novo e-mail",
    text: [
      `Olá, ${user.name}.`,
      "",
      `Você pediu para entrar no Portal do Corretor (${user.brokerName}) com este e-mail, ${input.newEmail}, no lugar de ${user.email}.`,
      "",
      `Para confirmar, abra o link abaixo em até ${EMAIL_CHANGE_TTL_HOURS} horas. Ele só pode ser usado uma vez:`,
      link,
      "",
      "Até lá, o e-mail de entrada continua o anterior. Se não foi você, ignore este e-mail.",
    ].join("\n"),
    link,
  });
  if (!outcome.sent)
    log.warn({ userId: user.userId, error: outcome.error }, "e-mail change: e-mail not sent");
  return { ok: true, sent: outcome.sent };
}

/** What a confirmation link would change, while it can still be used; undefined otherwise. */
export async function findEmailChangeLink(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<{ currentEmail: string; newEmail: string } | undefined> {
  if (!isLinkTokenShape(token)) return undefined;
  const usable = await findUsableAccountToken(db, {
    tokenHash: hashLinkToken(token),
    kind: "email-change",
    now,
  });
  const user = usable?.newEmail ? await findActiveUserById(db, usable.userId) : undefined;
  return user && usable?.newEmail ? { currentEmail: user.email, newEmail: usable.newEmail } : undefined;
}

export type EmailChangeConfirmation =
  | { ok: true; newEmail: string }
  | { ok: false; reason: "invalid-link" | "taken" };

type Changed = { userId: string; brokerId: string; name: string; oldEmail: string; newEmail: string };

/**
 * Follows a confirmation link: the token is used once, in the transaction that changes the e-mail
 * (refused, the link left unused, when another user holds the address by then); a password-reset
 * link sent to the old address stops working. Recorded as `email.changed`; then the old address is
 * told (`email-changed`, no link).
 */
export async function confirmEmailChange(
  db: Database,
  input: { token: string; clientAddress: string; now?: Date },
): Promise<EmailChangeConfirmation> {
  const now = input.now ?? new Date();
  if (!isLinkTokenShape(input.token)) return { ok: false, reason: "invalid-link" };
  const tokenHash = hashLinkToken(input.token);
  let changed: Changed | "taken" | undefined;
  try {
    changed = await db.transaction(async (tx): Promise<Changed | "taken" | undefined> => {
      const pending = await findUsableAccountToken(tx, { tokenHash, kind: "email-change", now });
      if (!pending?.newEmail) return undefined;
      // Before the token is used, so that a refusal leaves the link as it was.
      if (await isEmailTakenByOther(tx, pending.newEmail, pending.userId)) return "taken";
      const used = await consumeAccountToken(tx, { tokenHash, kind: "email-change", now });
      const user = used ? await findActiveUserById(tx, used.userId) : undefined;
      if (!used?.newEmail || !user) return undefined;
      await updateUserEmail(tx, user.userId, used.newEmail);
      await voidAccountTokens(tx, user.userId, "password-reset");
      await recordAudit(tx, {
        brokerId: user.brokerId,
        actor: { kind: "user", id: user.userId },
        clientAddress: input.clientAddress,
        action: "email.changed",
        object: { type: "user", id: user.userId },
      });
      return {
        userId: user.userId,
        brokerId: user.brokerId,
        name: user.name,
        oldEmail: user.email,
        newEmail: used.newEmail,
      };
    });
  } catch (error) {
    // Another user took the address between the check and the update: the whole change rolls back.
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  if (changed === "taken") return { ok: false, reason: "taken" };
  if (!changed) return { ok: false, reason: "invalid-link" };
  const notice = await sendAccountEmail(db, {
    brokerId: changed.brokerId,
    userId: changed.userId,
    kind: "email-changed",
    to: changed.oldEmail,
    subject: "Portal do Corretor: o seu e-mail de entrada mudou",
    text: [
      `Olá, ${changed.name}.`,
      "",
      `O e-mail com que você entra no Portal do Corretor mudou de ${changed.oldEmail} para ${changed.newEmail}, confirmado pelo link enviado ao novo endereço.`,
      "",
      "Se não foi você, fale já com o administrador da sua corretora: ele pode encerrar as sessões e desativar o acesso.",
    ].join("\n"),
  });
  if (!notice.sent)
    log.warn({ userId: changed.userId, error: notice.error }, "e-mail change: notice not sent");
  return { ok: true, newEmail: changed.newEmail };
}
