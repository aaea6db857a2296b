// npm run keys:create -- --broker 100000 [--name NAME] [--daily-quota N] [--scopes read,write]
//   [--allow CIDR]... [--expires YYYY-MM-DD]; the key alone on the last line.
import "./load-env";
import { parseArgs } from "node:util";
import { parseKeyFlags } from "@/lib/api-keys/key-flags";
import { createApiKey, DEFAULT_DAILY_QUOTA, UnknownBrokerError } from "@/lib/api-keys/key-store";
import { PLATFORM_AUDIT } from "@/lib/audit/context";
import { businessDay } from "@/lib/dates";
import { isSingleLineText } from "@/lib/schemas/primitives";
import { fail, requireAppSecretWithPostgres, withCliDatabase } from "./cli";

const USAGE =
  "Usage: npm run keys:create -- --broker REGISTER_NUMBER [--name NAME] [--daily-quota N] " +
  "[--scopes read,write] [--allow CIDR]... [--expires YYYY-MM-DD]";

const { values } = parseArgs({
  options: {
    broker: { type: "string" },
    name: { type: "string", default: "Chave criada pela linha de comando" },
    "daily-quota": { type: "string", default: String(DEFAULT_DAILY_QUOTA) },
    scopes: { type: "string" },
    allow: { type: "string", multiple: true },
    expires: { type: "string" },
  },
});
if (!values.broker) fail(USAGE);
if (!isSingleLineText(values.name) || values.name.trim().length > 60)
  fail("--name must be one line of at most 60 characters, without control characters.");
const dailyQuota = Number(values["daily-quota"]);
if (!Number.isInteger(dailyQuota) || dailyQuota < 1)
  fail("--daily-quota must be a whole number of at least 1.");
const flags = parseKeyFlags({ scopes: values.scopes, allow: values.allow, expires: values.expires });
if (!flags.ok) fail(flags.error);
const { scopes, allowCidrs, expiresAt } = flags.restrictions;

requireAppSecretWithPostgres();
await withCliDatabase(async ({ db }) => {
  try {
    const created = await createApiKey(
      db,
      {
        registerNumber: values.broker!,
        name: values.name,
        dailyQuota,
        scopes,
        allowCidrs,
        expiresAt,
      },
      PLATFORM_AUDIT,
    );
    const restrictions = [
      `scopes ${scopes.join(", ")}`,
      allowCidrs.length ? `from ${allowCidrs.join(", ")}` : "from any address",
      expiresAt ? `through ${businessDay(new Date(expiresAt.getTime() - 1))}` : "no expiry",
    ].join("; ");
    console.log(
      `Key ${created.prefix}… created for broker ${values.broker} (daily quota ${dailyQuota}; ${restrictions}). It is shown only now:`,
    );
    console.log(created.key);
  } catch (error) {
    if (error instanceof UnknownBrokerError) fail(error.message);
    throw error;
  }
});
