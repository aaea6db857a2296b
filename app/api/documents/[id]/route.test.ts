import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { policies, policyInstallments } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { signDocumentUrl } from "@/lib/documents/links";
import { seedIssuedPolicy } from "@/lib/documents/testing-fixtures";
import { countPdfPages } from "@/lib/documents/testing-pdf";
import { GET } from "./route";

let handle: DatabaseHandle;
let seeded: Awaited<ReturnType<typeof seedIssuedPolicy>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  seeded = await seedIssuedPolicy(handle.db);
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle?.close();
});

/** Calls the route the way Next does, with the id taken from the link's path. */
async function fetchLink(link: string) {
  const url = new URL(link);
  const id = decodeURIComponent(url.pathname.split("/").pop()!);
  const response = await GET(new Request(url), { params: Promise.resolve({ id }) });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

const sign = (id: string, ttl?: number) => signDocumentUrl(id, "http://localhost:3000", ttl);

async function expectNotFound(link: string) {
  const { response, bytes } = await fetchLink(link);
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(bytes.toString("utf8"));
  expect(body).toMatchObject({ success: false, errors: [{ code: "DOCUMENT-NOT-FOUND" }] });
  expect(new Date(body.executed).toISOString()).toBe(body.executed);
  return body;
}

describe("GET /api/documents/[id]", () => {
  it("answers a valid link with the policy PDF, inline and privately cacheable", async () => {
    const { response, bytes } = await fetchLink(sign(seeded.documents.policyDocumentId));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `inline; filename="apolice-${seeded.policy.policyNumber}.pdf"`,
    );
    expect(response.headers.get("cache-control")).toBe("private, max-age=300");
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("serves the boletos (all or one installment) and the proposal", async () => {
    const all = await fetchLink(sign(seeded.documents.ticketDocumentId!));
    expect(all.response.status).toBe(200);
    expect(countPdfPages(all.bytes)).toBe(4);
    const one = await fetchLink(
      sign(seeded.documents.installmentDocumentIds.get(seeded.installments[0]!.id)!),
    );
    expect(one.response.status).toBe(200);
    expect(countPdfPages(one.bytes)).toBe(1);
    expect(one.response.headers.get("content-disposition")).toContain(
      `boleto-${seeded.policy.policyNumber}-parcela-01.pdf`,
    );
    const proposal = await fetchLink(sign(seeded.proposalDocumentId));
    expect(proposal.response.status).toBe(200);
    expect(proposal.bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("serves a PIX policy's Cobrança Pix slips (all or one installment)", async () => {
    const pix = await seedIssuedPolicy(handle.db, { paymentMethod: "PIX" });
    const all = await fetchLink(sign(pix.documents.pixDocumentId!));
    expect(all.response.status).toBe(200);
    expect(all.response.headers.get("content-type")).toBe("application/pdf");
    expect(all.response.headers.get("content-disposition")).toBe(
      `inline; filename="cobrancas-pix-${pix.policy.policyNumber}.pdf"`,
    );
    expect(countPdfPages(all.bytes)).toBe(4);
    const one = await fetchLink(sign(pix.documents.installmentDocumentIds.get(pix.installments[1]!.id)!));
    expect(one.response.status).toBe(200);
    expect(countPdfPages(one.bytes)).toBe(1);
    expect(one.response.headers.get("content-disposition")).toContain(
      `pix-${pix.policy.policyNumber}-parcela-02.pdf`,
    );
  });

  it("answers the same 404 JSON for a tampered, expired, unsigned or unknown link", async () => {
    const valid = new URL(sign(seeded.documents.policyDocumentId));
    const tampered = new URL(valid);
    const signature = tampered.searchParams.get("signature")!;
    tampered.searchParams.set("signature", `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`);
    const stretched = new URL(valid);
    stretched.searchParams.set("expires", String(Number(valid.searchParams.get("expires")) + 3600));
    const unsigned = new URL(valid);
    unsigned.search = "";
    const otherDocument = new URL(valid);
    otherDocument.pathname = `/api/documents/${seeded.proposalDocumentId}`;

    const bodies = [
      await expectNotFound(tampered.toString()),
      await expectNotFound(stretched.toString()),
      await expectNotFound(unsigned.toString()),
      await expectNotFound(otherDocument.toString()),
      await expectNotFound(sign(seeded.documents.policyDocumentId, -7200)),
      await expectNotFound(sign("00000000-0000-4000-8000-000000000000")),
      await expectNotFound(sign("not-a-uuid")),
    ];
    const shapes = bodies.map(({ executed: _executed, ...rest }) => JSON.stringify(rest));
    expect(new Set(shapes).size).toBe(1);
  });

  it("answers 404 once the policy is deleted", async () => {
    const extra = await seedIssuedPolicy(handle.db, { paymentMethod: "CREDIT-CARD" });
    const link = sign(extra.documents.policyDocumentId);
    expect((await fetchLink(link)).response.status).toBe(200);
    await handle.db.delete(policyInstallments).where(eq(policyInstallments.policyId, extra.policy.id));
    await handle.db.delete(policies).where(eq(policies.id, extra.policy.id));
    await expectNotFound(link);
  });

  it("answers a JSON 500 that leaks nothing when rendering fails", async () => {
    const extra = await seedIssuedPolicy(handle.db);
    const broken = extra.installments[1]!;
    // No stored line and an amount no boleto can carry: building the slip throws.
    await handle.db
      .update(policyInstallments)
      .set({ typeableLine: null, premiumTotalCents: 0 })
      .where(eq(policyInstallments.id, broken.id));
    const { response, bytes } = await fetchLink(sign(extra.documents.installmentDocumentIds.get(broken.id)!));
    expect(response.status).toBe(500);
    const body = JSON.parse(bytes.toString("utf8"));
    expect(body).toMatchObject({ success: false, errors: [{ code: "INTERNAL-ERROR" }] });
    expect(body.errors[0].message).toMatch(/^Unexpected error\. Request id: /);
    expect(bytes.toString("utf8")).not.toMatch(/RangeError|amount|at \//);
  });
});
