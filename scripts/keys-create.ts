// npm run keys:create -- --broker 100000 [--name NAME] [--daily-quota N]; the key alone on the last line.
import "./load-env";
import { parseArgs } from "node:util";
import { createApiKey, DEFAULT_DAILY_QUOTA, UnknownBrokerError } from "@/lib/api-keys/key-store";
import { fail, requireAppSecretWithPostgres, withCliDatabase } from "./cli";

const { values } = parseArgs({
  options: {
    broker: { type: "string" },
    name: { type: "string", default: "Chave criada pela linha de comando" },
    "daily-quota": { type: "string", default: String(DEFAULT_DAILY_QUOTA) },
  },
});
if (!values.broker)
  fail("Usage: npm run keys:create -- --broker REGISTER_NUMBER [--name NAME] [--daily-quota N]");
const dailyQuota = Number(values["daily-quota"]);
if (!Number.isInteger(dailyQuota) || dailyQuota < 1)
  fail("--daily-quota must be a whole number of at least 1.");

requireAppSecretWithPostgres();
await withCliDatabase(async ({ db }) => {
  try {
    const created = await createApiKey(db, { registerNumber: values.broker!, name: values.name, dailyQuota });
    console.log(
      `Key ${created.prefix}… created for broker ${values.broker} (daily quota ${dailyQuota}). It is shown only now:`,
    );
    console.log(created.key);
  } catch (error) {
    if (error instanceof UnknownBrokerError) fail(error.message);
    throw error;
  }
});
