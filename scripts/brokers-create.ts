// npm run brokers:create -- --register-number N --name NAME [--cnpj CNPJ] --admin-email E
// The operator onboards a brokerage: the broker and its first admin's invitation (docs/accounts.md).
import "./load-env";
import { parseArgs } from "node:util";
import { configuredLinkOrigin, INVITATION_TTL_HOURS, onboardBroker } from "@/lib/accounts/invitations";
import { brokerOnboardingSchema } from "@/lib/accounts/onboarding";
import { fail, requireAppSecretWithPostgres, withCliDatabase } from "./cli";

requireAppSecretWithPostgres();

const USAGE =
  "Usage: npm run brokers:create -- --register-number SUSEP_NUMBER --name LEGAL_NAME [--cnpj CNPJ] --admin-email EMAIL";

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      "register-number": { type: "string" },
      name: { type: "string" },
      cnpj: { type: "string" },
      "admin-email": { type: "string" },
    },
  }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
if (!values["register-number"] || !values.name || !values["admin-email"]) fail(USAGE);
const parsed = brokerOnboardingSchema.safeParse({
  registerNumber: values["register-number"],
  name: values.name,
  cnpj: values.cnpj,
  adminEmail: values["admin-email"],
});
if (!parsed.success) fail(parsed.error.issues.map((issue) => issue.message).join("\n"));
const input = parsed.data;
if (!input.cnpj) console.warn("Warning: no --cnpj given; the brokerage is created without its CNPJ.");

const REFUSALS = {
  "register-number-taken": `A broker with register number ${input.registerNumber} already exists.`,
  "email-of-user": `${input.adminEmail} already belongs to a portal user (e-mails are unique across brokers): choose another admin e-mail.`,
  "already-invited": `${input.adminEmail} already has an open invitation.`,
} as const;

await withCliDatabase(async ({ db }) => {
  const result = await onboardBroker(db, {
    registerNumber: input.registerNumber,
    name: input.name,
    cnpj: input.cnpj ?? null,
    adminEmail: input.adminEmail,
    origin: configuredLinkOrigin(),
  });
  if (!result.ok) {
    console.error(REFUSALS[result.reason]);
    process.exitCode = 1;
    return;
  }
  console.log(`Broker ${input.registerNumber} (${input.name}) created.`);
  if (result.mail.channel === "smtp") {
    console.log(
      result.mail.sent
        ? `Invitation for ${input.adminEmail} (admin) sent by e-mail; the link is valid for ${INVITATION_TTL_HOURS} hours, once.`
        : `Invitation for ${input.adminEmail} (admin) created, but the e-mail failed (${result.mail.error}). Hand over the link below, or re-send it from the portal once an admin exists.`,
    );
    if (!result.mail.sent) console.log(result.link);
    return;
  }
  // Without SMTP the e-mail waits in the broker's outbox, which nobody of the new broker can open yet.
  console.log(
    `No SMTP_URL: the invitation for ${input.adminEmail} (admin) was kept in the outbox. Hand over this link (valid for ${INVITATION_TTL_HOURS} hours, once):`,
  );
  console.log(result.link);
});
