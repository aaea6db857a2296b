import { z } from "zod";
import type { UserRole } from "@/db/schema/brokers";
import { newPasswordSchema } from "@/lib/auth/password-rules";
import type { ActionState } from "@/lib/forms/action-result";
import { SAFE_TEXT_MESSAGE_PT, safeText, singleLineText } from "@/lib/schemas/primitives";

/**
 * The account forms (docs/accounts.md), each validated in the browser and again by its Server
 * Action: an admin's invitation and role change, the invitee's acceptance.
 */

/** An e-mail as an account holds it: trimmed and lower-cased (users' e-mails are unique case-insensitively). */
export const accountEmailSchema = safeText(SAFE_TEXT_MESSAGE_PT)
  .trim()
  .min(1, "Informe o e-mail.")
  .max(254, "E-mail longo demais.")
  .pipe(z.email("Informe um e-mail válido."))
  .transform((email) => email.toLowerCase());

/** A user's name as the portal shows it in the header, lists and the audit trail: one line. */
export const userNameSchema = singleLineText(
  "O nome não pode ter quebras de linha nem caracteres de controle.",
)
  .transform((name) => name.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(2, "Informe o nome (ao menos 2 caracteres).")
      .max(120, "Use no máximo 120 caracteres.")
      .refine((name) => /\p{L}/u.test(name), "Informe o nome."),
  );

/** The roles in the order the forms offer them (db/schema/brokers.ts USER_ROLES, without importing the table into the browser). */
export const ROLE_CHOICES = ["member", "finance", "admin"] as const satisfies readonly UserRole[];
type MissingRole = Exclude<UserRole, (typeof ROLE_CHOICES)[number]>;
const _everyRole: MissingRole extends never ? true : never = true;

export const userRoleSchema = z.enum(ROLE_CHOICES, { error: "Escolha o perfil." });

/** "Convidar usuário": the e-mail and the role. */
export const inviteFormSchema = z.object({ email: accountEmailSchema, role: userRoleSchema });
export type InviteFormInput = z.input<typeof inviteFormSchema>;
export type InviteFormOutput = z.output<typeof inviteFormSchema>;
export type InviteField = "email" | "role";
/** The invitation made: to whom, and whether its e-mail went out (over SMTP, or into the outbox). */
export type InviteState = ActionState<
  { email: string; sent: boolean; channel: "smtp" | "outbox" },
  InviteField
>;

/** The invitation page: the name and the password (the password change's rules), typed twice. */
export const acceptInvitationSchema = z
  .object({
    name: userNameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().max(200, "Use no máximo 200 caracteres."),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.password)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "As senhas não conferem." });
  });
export type AcceptInvitationInput = { name: string; password: string; confirmPassword: string };
export type AcceptInvitationOutput = z.output<typeof acceptInvitationSchema>;
export type AcceptInvitationField = "name" | "password" | "confirmPassword";
export type AcceptInvitationState = ActionState<never, AcceptInvitationField>;

/** A user's new role (the users table's per-row form). */
export const roleChangeSchema = z.object({ role: userRoleSchema });
export type RoleChangeState = ActionState<{ name: string; role: UserRole }, "role">;

/** What the users page's per-row actions (re-send, revoke, deactivate) answer. */
export type UserAdminState = ActionState<{ message: string }>;
