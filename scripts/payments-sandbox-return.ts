// npm run payments:sandbox-return -- --policy N [--installment K ...] [--date YYYY-MM-DD] [--out FILE]
// Writes the sandbox bank's CNAB 400 return file (bank 341) liquidating those boleto installments
// (all of the policy's when no --installment), to import with `npm run payments:import -- FILE` or
// the portal's /settings/payments. Without --out the file goes to stdout.
import "./load-env";
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { buildSandboxReturn, SandboxReturnError } from "@/lib/payments/sandbox-return";
import { fail, requireAppSecretWithPostgres, withCliDatabase } from "./cli";

requireAppSecretWithPostgres();

const usage =
  "Usage: npm run payments:sandbox-return -- --policy N [--installment K ...] [--date YYYY-MM-DD] [--out FILE]";
const { values } = parseArgs({
  options: {
    policy: { type: "string", multiple: true },
    installment: { type: "string", multiple: true },
    date: { type: "string" },
    out: { type: "string" },
  },
});
if (!values.policy?.length) fail(usage);
if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) fail(usage);
const installments = values.installment?.map((value) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`Invalid installment ${value}.`);
  return n;
});

await withCliDatabase(async ({ db }) => {
  try {
    const text = await buildSandboxReturn(
      db,
      values.policy!.map((policy) => ({ policy, installments })),
      { paidOn: values.date },
    );
    if (values.out) {
      await writeFile(values.out, text, "latin1");
      console.error(
        `Return file written to ${values.out}. Import it: npm run payments:import -- ${values.out}`,
      );
    } else process.stdout.write(text);
  } catch (error) {
    if (error instanceof SandboxReturnError) fail(error.message);
    throw error;
  }
});
