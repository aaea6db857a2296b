import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { installmentNotices, policyInstallments } from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { addDays, businessDay, formatDatePtBr, startOfBusinessDay } from "@/lib/dates";
import { resetEnvForTesting } from "@/lib/env";
import { formatBrl } from "@/lib/money";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { sendInstallmentNotices } from "./job";

type Received = { from: string; to: string[]; raw: string };

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();
const received: Received[] = [];
let server: SMTPServer;
let port: number;

setUpDomainTestDatabase({ gateway, registerNumbers: ["430000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["430000"];
});

/** An SMTP server on a free loopback port that keeps every message it accepts. */
async function listen(): Promise<{ server: SMTPServer; port: number }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return { server: smtp, port: (smtp.server.address() as AddressInfo).port };
}

function useSmtpUrl(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  process.env.NOTICE_FROM = "Cobrança Teste <cobranca@seguradora.test>";
  resetEnvForTesting();
}

beforeAll(async () => {
  ({ server, port } = await listen());
  useSmtpUrl(`smtp://127.0.0.1:${port}`);
});
afterAll(async () => {
  useSmtpUrl(undefined);
  delete process.env.NOTICE_FROM;
  resetEnvForTesting();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A header's value (unfolded) and the text body, decoded from quoted-printable or base64. */
function parse(raw: string): { header: (name: string) => string | undefined; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim();
  const body = raw.slice(split + 4);
  const encoding = header("Content-Transfer-Encoding")?.toLowerCase();
  let text = body;
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    text = Buffer.from(bytes, "latin1").toString("utf8");
  } else if (encoding === "base64") {
    text = Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
  }
  return { header, text: text.replace(/\r\n/g, "\n") };
}

const morningOf = (day: string) => new Date(startOfBusinessDay(day).getTime() + 6 * 3_600_000);
const notices = (day: string) => sendInstallmentNotices(handle.db, { day, now: morningOf(day) });

async function boletoInstallment() {
  const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 4 });
  await handle.db
    .update(policyInstallments)
    .set({ status: "Paid", paidAt: new Date(), paidCents: sql`${policyInstallments.premiumTotalCents}` })
    .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 1)));
  const [installment] = await handle.db
    .select()
    .from(policyInstallments)
    .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 2)));
  return { policy, installment: installment!, due: businessDay(installment!.dueDate) };
}

const noticesOf = (installmentId: string) =>
  handle.db.select().from(installmentNotices).where(eq(installmentNotices.installmentId, installmentId));

describe("notices over SMTP", () => {
  it("delivers the due-soon notice to the insured over SMTP, once however often the job runs", async () => {
    const { installment, due } = await boletoInstallment();
    const before = received.length;
    const report = await notices(addDays(due, -3));
    expect(report["due-soon"]).toBe(1);
    expect(received).toHaveLength(before + 1);

    const message = received.at(-1)!;
    expect(message.to).toEqual(["jose.pereira@example.com"]);
    expect(message.from).toBe("cobranca@seguradora.test");
    const { header, text } = parse(message.raw);
    expect(header("Subject")).toBe(
      `Sua parcela 2/4 do seguro vence em ${formatDatePtBr(installment.dueDate)}`,
    );
    expect(text).toContain(formatBrl(installment.premiumTotalCents));
    expect(text).toContain(`vence em ${formatDatePtBr(installment.dueDate)}`);

    const [notice] = await noticesOf(installment.id);
    expect(notice).toMatchObject({ kind: "due-soon", channel: "smtp", status: "Sent" });
    expect(notice!.messageId).toBeTruthy();

    await notices(addDays(due, -3));
    await notices(addDays(due, -2));
    expect(received).toHaveLength(before + 1);
  });

  it("marks a notice the server could not take Failed and sends it on the next run", async () => {
    const { policy, installment, due } = await boletoInstallment();
    await notices(addDays(due, -3));
    const down = await listen();
    await new Promise<void>((resolve) => down.server.close(() => resolve()));
    useSmtpUrl(`smtp://127.0.0.1:${down.port}`);
    const failing = await notices(addDays(due, 1));
    expect(failing.failed).toBeGreaterThanOrEqual(1);
    let overdue = (await noticesOf(installment.id)).find((notice) => notice.kind === "overdue");
    expect(overdue).toMatchObject({ status: "Failed", channel: "smtp" });
    expect(overdue!.error).toBeTruthy();

    useSmtpUrl(`smtp://127.0.0.1:${port}`);
    const before = received.length;
    await notices(addDays(due, 2));
    overdue = (await noticesOf(installment.id)).find((notice) => notice.kind === "overdue");
    expect(overdue).toMatchObject({ status: "Sent", error: null });
    const mine = received.slice(before).filter((message) => {
      const { text } = parse(message.raw);
      return (
        text.includes(`apólice ${policy.policyNumber}`) && text.includes("Não identificamos o pagamento")
      );
    });
    expect(mine).toHaveLength(1);
  });
});
