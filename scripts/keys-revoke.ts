// npm run keys:revoke -- PREFIX: revokes the active key with that display prefix (bpk_live_XXXXXXXX).
import "./load-env";
import { revokeApiKey } from "@/lib/api-keys/key-store";
import { PLATFORM_AUDIT } from "@/lib/audit/context";
import { fail, requireAppSecretWithPostgres, withCliDatabase } from "./cli";

requireAppSecretWithPostgres();

const prefix = process.argv[2]?.replace(/…$/, "");
if (!prefix) fail("Usage: npm run keys:revoke -- PREFIX   (e.g. bpk_live_AbCd1234)");

await withCliDatabase(async ({ db }) => {
  if (!(await revokeApiKey(db, prefix, undefined, PLATFORM_AUDIT)))
    fail(`No active key with prefix ${prefix}.`);
  console.log(`Key ${prefix}… revoked.`);
});
