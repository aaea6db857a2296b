import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findPolicyDetails } from "@/db/queries/policies";
import { documents, policyInstallments } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { formatBrl } from "@/lib/money";
import { isValidTypeableLine } from "./boleto";
import { createPolicyDocuments, createProposalDocument } from "./create-documents";
import { verifyDocumentSignature } from "./links";
import { loadBoletoDocumentData, loadPolicyDocumentData, loadProposalDocumentData } from "./load";
import { installmentBoletoLinks, signPolicyDocumentLinks } from "./policy-links";
import { renderDocumentById } from "./render";
import { FIXTURE_ADDRESS, FIXTURE_DUE_DATES, FIXTURE_PREMIUM, seedIssuedPolicy } from "./testing-fixtures";
import { countPdfPages, extractPdfText } from "./testing-pdf";

let handle: DatabaseHandle;
let ticket: Awaited<ReturnType<typeof seedIssuedPolicy>>;
let card: Awaited<ReturnType<typeof seedIssuedPolicy>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  ticket = await seedIssuedPolicy(handle.db);
  card = await seedIssuedPolicy(handle.db, { paymentMethod: "CREDIT-CARD" });
});

afterAll(async () => {
  await handle?.close();
});

/** The document id a signed link points at, after checking its signature. */
function documentIdOf(url: string | undefined): string {
  const parsed = new URL(url!);
  const id = parsed.pathname.replace("/api/documents/", "");
  expect(parsed.origin).toBe("https://portal.example.com");
  expect(
    verifyDocumentSignature(id, parsed.searchParams.get("expires"), parsed.searchParams.get("signature")),
  ).toBe(true);
  return id;
}

describe("createPolicyDocuments", () => {
  it("creates the policy PDF, the all-installments boleto and one boleto per installment for TICKET", async () => {
    const rows = await handle.db.select().from(documents).where(eq(documents.policyId, ticket.policy.id));
    expect(rows).toHaveLength(6);
    const number = ticket.policy.policyNumber;
    expect(rows.find((row) => row.kind === "policy")?.fileName).toBe(`apolice-${number}.pdf`);
    const all = rows.filter((row) => row.kind === "boleto" && !row.installmentId);
    expect(all.map((row) => row.fileName)).toEqual([`boletos-${number}.pdf`]);
    const perInstallment = rows.filter((row) => row.kind === "boleto" && row.installmentId);
    expect(perInstallment.map((row) => row.fileName).sort()).toEqual(
      [1, 2, 3, 4].map((n) => `boleto-${number}-parcela-0${n}.pdf`),
    );
    expect(
      rows.every((row) => row.brokerId === ticket.broker.id && row.contentType === "application/pdf"),
    ).toBe(true);
    expect(ticket.documents.installmentDocumentIds.size).toBe(4);
    expect(ticket.documents.ticketDocumentId).toBe(all[0]!.id);
  });

  it("creates only the policy PDF for a card payment", async () => {
    const rows = await handle.db.select().from(documents).where(eq(documents.policyId, card.policy.id));
    expect(rows.map((row) => row.kind)).toEqual(["policy"]);
    expect(card.documents.ticketDocumentId).toBeUndefined();
  });

  it("refuses installments of another policy, inside the caller's transaction", async () => {
    await expect(
      handle.db.transaction((tx) =>
        createPolicyDocuments(tx, {
          brokerId: ticket.broker.id,
          policyId: ticket.policy.id,
          paymentMethod: "TICKET",
          installmentIds: [card.installments[0]!.id],
        }),
      ),
    ).rejects.toThrow(/do not all belong/);
    const rows = await handle.db.select().from(documents).where(eq(documents.policyId, ticket.policy.id));
    expect(rows).toHaveLength(6);
  });

  it("keeps one proposal document per proposal", async () => {
    const again = await createProposalDocument(handle.db, {
      brokerId: ticket.broker.id,
      proposalId: ticket.proposal.id,
    });
    expect(again.id).toBe(ticket.proposalDocumentId);
    const rows = await handle.db.select().from(documents).where(eq(documents.proposalId, ticket.proposal.id));
    expect(rows.map((row) => row.fileName)).toEqual([`proposta-${ticket.proposal.number}.pdf`]);
  });
});

describe("document links", () => {
  it("reads each policy's latest policy PDF and all-installments boleto with the policy, and signs them", async () => {
    const origin = "https://portal.example.com/";
    const ticketIds = (await findPolicyDetails(handle.db, ticket.broker.id, ticket.policy.policyNumber))!
      .documentIds;
    expect(ticketIds).toEqual({
      policyPdf: ticket.documents.policyDocumentId,
      ticket: ticket.documents.ticketDocumentId,
      pix: null,
    });
    const ticketLinks = signPolicyDocumentLinks(ticketIds, origin);
    expect(ticketLinks.policyPdfUrl).toMatch(/^https:\/\/portal\.example\.com\/api\/documents\//);
    expect(documentIdOf(ticketLinks.policyPdfUrl)).toBe(ticket.documents.policyDocumentId);
    expect(documentIdOf(ticketLinks.ticketUrl)).toBe(ticket.documents.ticketDocumentId);
    const cardIds = (await findPolicyDetails(handle.db, card.broker.id, card.policy.number))!.documentIds;
    expect(cardIds).toEqual({ policyPdf: card.documents.policyDocumentId, ticket: null, pix: null });
    expect(signPolicyDocumentLinks(cardIds, origin).ticketUrl).toBeUndefined();
  });

  it("takes the latest policy PDF when the policy has more than one", async () => {
    const [newer] = await handle.db
      .insert(documents)
      .values({
        brokerId: ticket.broker.id,
        kind: "policy",
        policyId: ticket.policy.id,
        fileName: "apolice-reemitida.pdf",
        createdAt: new Date(Date.now() + 60_000),
      })
      .returning({ id: documents.id });
    try {
      const ids = (await findPolicyDetails(handle.db, ticket.broker.id, ticket.policy.policyNumber))!
        .documentIds;
      expect(ids).toEqual({ policyPdf: newer!.id, ticket: ticket.documents.ticketDocumentId, pix: null });
    } finally {
      await handle.db.delete(documents).where(eq(documents.id, newer!.id));
    }
  });

  it("signs each installment's own boleto", async () => {
    const links = await installmentBoletoLinks(handle.db, ticket.policy.id, "https://portal.example.com");
    expect([...links.keys()]).toEqual(ticket.installments.map((row) => row.installmentNumber));
    for (const installment of ticket.installments) {
      expect(documentIdOf(links.get(installment.installmentNumber))).toBe(
        ticket.documents.installmentDocumentIds.get(installment.id),
      );
    }
    expect((await installmentBoletoLinks(handle.db, card.policy.id, "https://portal.example.com")).size).toBe(
      0,
    );
  });
});

describe("boleto links of canceled installments", () => {
  it("offers no boleto for a canceled installment, the others still", async () => {
    const policy = await seedIssuedPolicy(handle.db);
    const canceled = policy.installments[1]!;
    await handle.db
      .update(policyInstallments)
      .set({ status: "Canceled" })
      .where(eq(policyInstallments.id, canceled.id));
    const links = await installmentBoletoLinks(handle.db, policy.policy.id, "https://portal.example.com");
    expect([...links.keys()]).toEqual(
      policy.installments.filter((row) => row.id !== canceled.id).map((row) => row.installmentNumber),
    );
  });
});

describe("loaders", () => {
  it("reads the policy with the quotation's address, the variant's coverages and the installments", async () => {
    const data = await loadPolicyDocumentData(handle.db, ticket.policy.id);
    expect(data).toMatchObject({
      number: ticket.policy.number,
      policyNumber: ticket.policy.policyNumber,
      status: "Issued",
      proposalNumber: ticket.proposal.number,
      broker: { name: "Corretora Fixture Ltda.", registerNumber: ticket.broker.registerNumber },
      insured: { name: "João Araújo da Conceição", identity: "52998224725", address: FIXTURE_ADDRESS },
      totalCents: FIXTURE_PREMIUM.totalCents,
      modalityText: "Médico",
    });
    expect(data!.coverages.map((c) => c.description)).toEqual([
      "Responsabilidade civil profissional",
      "Custos de defesa",
    ]);
    expect(data!.installments.map((i) => [i.installmentNumber, i.amountCents, i.status])).toEqual([
      [1, 33_141, "Paid"],
      [2, 33_142, "Pending"],
      [3, 33_142, "Pending"],
      [4, 33_142, "Pending"],
    ]);
    expect(await loadPolicyDocumentData(handle.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  it("reads the boletos with the stored lines, or one installment", async () => {
    const all = await loadBoletoDocumentData(handle.db, ticket.policy.id);
    expect(all!.slips.map((slip) => slip.installmentNumber)).toEqual([1, 2, 3, 4]);
    expect(
      all!.slips.every((slip) => slip.installmentCount === 4 && isValidTypeableLine(slip.typeableLine!)),
    ).toBe(true);
    const third = ticket.installments[2]!;
    const one = await loadBoletoDocumentData(handle.db, ticket.policy.id, third.id);
    expect(one!.slips).toHaveLength(1);
    expect(one!.slips[0]).toMatchObject({
      installmentNumber: 3,
      ourNumber: third.boletoOurNumber,
      typeableLine: third.typeableLine,
    });
    expect(
      await loadBoletoDocumentData(handle.db, ticket.policy.id, card.installments[0]!.id),
    ).toBeUndefined();
  });

  it("reads the proposal's plan, the first installment absorbing the rounding", async () => {
    const data = await loadProposalDocumentData(handle.db, ticket.proposal.id);
    expect(data!.number).toBe(ticket.proposal.number);
    expect(data!.payment).toMatchObject({ method: "TICKET", dueDay: 8, installmentCount: 4 });
    expect(data!.payment.installments.map((i) => i.amountCents)).toEqual([33_141, 33_142, 33_142, 33_142]);
    expect(data!.payment.installments.map((i) => i.dueDate.toISOString())).toEqual(FIXTURE_DUE_DATES);
    expect(data!.variant.limitCents).toBe(10_000_000);
  });
});

describe("renderDocumentById", () => {
  it("renders each kind of document from the rows", async () => {
    const policyPdf = await renderDocumentById(handle.db, ticket.documents.policyDocumentId, {
      compress: false,
    });
    expect(policyPdf!.fileName).toBe(`apolice-${ticket.policy.policyNumber}.pdf`);
    expect(extractPdfText(policyPdf!.bytes)).toContain(ticket.policy.number);

    const tickets = await renderDocumentById(handle.db, ticket.documents.ticketDocumentId!, {
      compress: false,
    });
    expect(countPdfPages(tickets!.bytes)).toBe(4);
    const text = extractPdfText(tickets!.bytes);
    for (const installment of ticket.installments)
      expect(text).toContain(installment.typeableLine!.slice(33));

    const second = ticket.installments[1]!;
    const single = await renderDocumentById(
      handle.db,
      ticket.documents.installmentDocumentIds.get(second.id)!,
      {
        compress: false,
      },
    );
    expect(countPdfPages(single!.bytes)).toBe(1);
    expect(extractPdfText(single!.bytes)).toContain(formatBrl(second.premiumTotalCents));

    const proposal = await renderDocumentById(handle.db, ticket.proposalDocumentId, { compress: false });
    expect(extractPdfText(proposal!.bytes)).toContain(`Nº ${ticket.proposal.number}`);
  });

  it("finds nothing once the installment is gone", async () => {
    const extra = await seedIssuedPolicy(handle.db);
    const last = extra.installments[3]!;
    const documentId = extra.documents.installmentDocumentIds.get(last.id)!;
    await handle.db.delete(policyInstallments).where(eq(policyInstallments.id, last.id));
    expect(await renderDocumentById(handle.db, documentId)).toBeUndefined();
  });
});
