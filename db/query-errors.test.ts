import { inspect } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors";
import { type DatabaseHandle, openPostgres } from "./index";
import { brokers, users } from "./schema";
import { createTestDatabase } from "./testing";

const CPF = "52998224725";
const EMAIL = "maria.segurada@example.com";

let handle: DatabaseHandle;
let brokerId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "920001", name: "Corretora Erros" })
    .returning();
  brokerId = broker!.id;
  await handle.db.insert(users).values({ brokerId, email: EMAIL, name: "Maria", passwordHash: "x" });
});

afterAll(() => handle?.close());

/** The error a query rejects with, and everything Node would print of it. */
async function failure(run: () => Promise<unknown>) {
  const error = await run().then(
    () => expect.fail("the query should have failed"),
    (thrown: unknown) => thrown as Error & { code?: string; digest?: string },
  );
  return { error, printed: `${inspect(error, { depth: 10 })}\n${String(error.stack)}` };
}

describe("failed queries carry no parameters or row values", () => {
  it("a unique violation keeps its SQLSTATE and constraint, not the e-mail", async () => {
    const { error, printed } = await failure(() =>
      handle.db.insert(users).values({ brokerId, email: EMAIL, name: CPF, passwordHash: "y" }),
    );
    expect(printed).not.toContain(EMAIL);
    expect(printed).not.toContain(CPF);
    expect(error.name).toBe("DatabaseQueryError");
    expect(error.code).toBe("23505");
    expect(isUniqueViolation(error, "users_email_key")).toBe(true);
    expect(error.message).toContain('insert into "users"');
  });

  it("a check violation (whose detail lists the whole row) shows none of it", async () => {
    const { error, printed } = await failure(() =>
      handle.db.insert(users).values({
        brokerId,
        email: "outra@example.com",
        name: `Rua das Flores 123, ${CPF}`,
        passwordHash: "z",
        role: "owner" as "admin",
      }),
    );
    expect(error.code).toBe("23514");
    for (const value of ["outra@example.com", CPF, "Rua das Flores"]) expect(printed).not.toContain(value);
    expect(error.message).toContain("users_role_check");
  });

  it("a driver message that quotes the value (invalid input) is dropped too", async () => {
    const { error, printed } = await failure(() => handle.db.execute(sql`select ${CPF}::uuid`));
    expect(error.code).toBe("22P02");
    expect(printed).not.toContain(CPF);
  });

  it("an unreachable database stays recognisable (503) and is marked for the error pages", async () => {
    const down = openPostgres("postgres://postgres@127.0.0.1:1/nowhere", { max: 1 });
    try {
      const { error, printed } = await failure(() =>
        down.db.select().from(users).where(sql`${users.email} = ${EMAIL}`),
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(error.digest).toBe("DATABASE-UNAVAILABLE");
      expect(printed).not.toContain(EMAIL);
    } finally {
      await down.close();
    }
  });
});
