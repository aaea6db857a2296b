import { and, eq } from "drizzle-orm";
import { hasError, parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { findActivePixCharges } from "@/db/queries/pix-charges";
import { documents, policyInstallments } from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { createInstallmentSlipDocument } from "./create-documents";
import { installmentShareDocument } from "./installment-share";
import { verifyDocumentSignature } from "./links";
import { installmentBoletoLinks, installmentPixLinks, signPolicyDocumentLinks } from "./policy-links";
import { renderDocumentById } from "./render";
import { buildShareMessage } from "./share-message";
import { brCodeCrc, extractPdfRgbImages, findBrCodes, isQrImageOf } from "./testing/pix";
import { seedIssuedPolicy } from "./testing-fixtures";
import { countPdfPages, extractPdfText } from "./testing-pdf";

const ORIGIN = "https://portal.example.com";
const gateway = new SandboxPaymentGateway();
const context = setUpDomainTestDatabase({ gateway, registerNumbers: ["100000"] });
const db = () => context.handle.db;

/** Every BR Code printed in `text`: each parses as a Pix (pix-utils checks the CRC) and its CRC holds. */
function validBrCodes(text: string): string[] {
  const codes = findBrCodes(text);
  for (const code of codes) {
    expect(hasError(parsePix(code)), code).toBe(false);
    expect(code.slice(-4)).toBe(brCodeCrc(code.slice(0, -4)));
  }
  return codes;
}

async function documentRows(policyId: string) {
  return db().select().from(documents).where(eq(documents.policyId, policyId));
}

async function activeCodes(installments: { id: string; installmentNumber: number }[]) {
  const charges = await findActivePixCharges(
    db(),
    installments.map((row) => row.id),
  );
  return new Map(installments.map((row) => [row.installmentNumber, charges.get(row.id)?.copyPaste]));
}

/** The document id a signed link points at, after checking its signature. */
function documentIdOf(url: string | undefined): string {
  const parsed = new URL(url!);
  const id = parsed.pathname.replace("/api/documents/", "");
  expect(
    verifyDocumentSignature(id, parsed.searchParams.get("expires"), parsed.searchParams.get("signature")),
  ).toBe(true);
  return id;
}

describe("a PIX policy's Cobrança Pix documents", () => {
  it("has the all-installments slips and one per installment, and no boleto", async () => {
    const seeded = await seedIssuedPolicy(db(), { paymentMethod: "PIX" });
    const number = seeded.policy.policyNumber;
    const rows = await documentRows(seeded.policy.id);
    expect(rows.filter((row) => row.kind === "boleto")).toEqual([]);
    const all = rows.filter((row) => row.kind === "pix" && !row.installmentId);
    expect(all.map((row) => row.fileName)).toEqual([`cobrancas-pix-${number}.pdf`]);
    expect(seeded.documents.pixDocumentId).toBe(all[0]!.id);
    expect(seeded.documents.ticketDocumentId).toBeUndefined();
    const perInstallment = rows.filter((row) => row.kind === "pix" && row.installmentId);
    expect(perInstallment.map((row) => row.fileName).sort()).toEqual(
      [1, 2, 3, 4].map((n) => `pix-${number}-parcela-0${n}.pdf`),
    );
    for (const installment of seeded.installments) {
      expect(perInstallment.find((row) => row.installmentId === installment.id)?.id).toBe(
        seeded.documents.installmentDocumentIds.get(installment.id),
      );
    }
  });

  it("prints each unpaid installment's QR code and copy-and-paste code; the paid one says not to pay", async () => {
    const seeded = await seedIssuedPolicy(db(), { paymentMethod: "PIX" });
    const codes = await activeCodes(seeded.installments);
    expect(codes.get(1)).toBeUndefined(); // paid: its charge is closed
    const all = await renderDocumentById(db(), seeded.documents.pixDocumentId!, { compress: false });
    expect(all!.fileName).toBe(`cobrancas-pix-${seeded.policy.policyNumber}.pdf`);
    expect(countPdfPages(all!.bytes)).toBe(4);
    const text = extractPdfText(all!.bytes);
    expect(text).toContain("Parcela já paga – não pague novamente.");
    expect(validBrCodes(text)).toEqual([codes.get(2), codes.get(3), codes.get(4)]);

    const third = seeded.installments[2]!;
    const one = await renderDocumentById(db(), seeded.documents.installmentDocumentIds.get(third.id)!, {
      compress: false,
    });
    expect(countPdfPages(one!.bytes)).toBe(1);
    expect(validBrCodes(extractPdfText(one!.bytes))).toEqual([codes.get(3)]);
    expect(extractPdfRgbImages(one!.bytes).filter((image) => isQrImageOf(image, codes.get(3)!))).toHaveLength(
      1,
    );
  });

  it("signs the all-installments slips (PixUrl) and each installment's own slip", async () => {
    const seeded = await seedIssuedPolicy(db(), { paymentMethod: "PIX" });
    const links = signPolicyDocumentLinks(
      { policyPdf: seeded.documents.policyDocumentId, ticket: null, pix: seeded.documents.pixDocumentId! },
      `${ORIGIN}/`,
    );
    expect(links.ticketUrl).toBeUndefined();
    expect(links.pixUrl).toMatch(/^https:\/\/portal\.example\.com\/api\/documents\//);
    expect(documentIdOf(links.pixUrl)).toBe(seeded.documents.pixDocumentId);

    await db()
      .update(policyInstallments)
      .set({ status: "Canceled" })
      .where(eq(policyInstallments.id, seeded.installments[3]!.id));
    const pixLinks = await installmentPixLinks(db(), seeded.policy.id, ORIGIN);
    expect([...pixLinks.keys()]).toEqual([1, 2, 3]);
    for (const installment of seeded.installments.slice(0, 3)) {
      expect(documentIdOf(pixLinks.get(installment.installmentNumber))).toBe(
        seeded.documents.installmentDocumentIds.get(installment.id),
      );
    }
    expect((await installmentBoletoLinks(db(), seeded.policy.id, ORIGIN)).size).toBe(0);
  });

  it("gives an installment an endorsement adds its own slip: a Pix one for PIX, none for a card", async () => {
    const seeded = await seedIssuedPolicy(db(), { paymentMethod: "PIX" });
    const input = {
      brokerId: seeded.broker.id,
      policyId: seeded.policy.id,
      installmentId: seeded.installments[3]!.id,
      policyNumber: seeded.policy.policyNumber,
      installmentNumber: 5,
    };
    const added = await createInstallmentSlipDocument(db(), { ...input, paymentMethod: "PIX" });
    const [row] = await db().select().from(documents).where(eq(documents.id, added!.id));
    expect(row).toMatchObject({ kind: "pix", fileName: `pix-${seeded.policy.policyNumber}-parcela-05.pdf` });
    expect(
      await createInstallmentSlipDocument(db(), { ...input, paymentMethod: "CREDIT-CARD" }),
    ).toBeUndefined();
  });

  it("shares an installment with its slip's link and its copy-and-paste code", async () => {
    const seeded = await seedIssuedPolicy(db(), { paymentMethod: "PIX" });
    const second = seeded.installments[1]!;
    const code = (await activeCodes([second])).get(2)!;
    const pixUrl = (await installmentPixLinks(db(), seeded.policy.id, ORIGIN)).get(2)!;
    const { subject, body } = buildShareMessage(
      installmentShareDocument({
        policyNumber: seeded.policy.policyNumber,
        insuredName: seeded.policy.insuredName,
        personType: "NATURAL",
        installmentNumber: 2,
        installmentCount: 4,
        dueDate: second.dueDate.toISOString(),
        premiumTotalValue: second.premiumTotalCents / 100,
        pixUrl,
        pixCopyPaste: code,
      }),
    );
    expect(subject).toBe(`A cobrança Pix da parcela 2/4 da apólice nº ${seeded.policy.policyNumber}`);
    expect(body).toContain(`Cobrança Pix (PDF): ${pixUrl}`);
    expect(body.split("\n")).toContain(code);
    expect(validBrCodes(body)).toEqual([code]);
  });
});

describe("a TICKET policy's boletos (boleto híbrido)", () => {
  it("print each installment's Pix next to its line, and the share message carries it", async () => {
    const broker = context.brokers["100000"];
    const policy = await issueTestPolicy(db(), broker, gateway, { method: "TICKET", installments: 3 });
    const installments = await db()
      .select()
      .from(policyInstallments)
      .where(eq(policyInstallments.policyId, policy.id))
      .orderBy(policyInstallments.installmentNumber);
    const codes = await activeCodes(installments);
    expect([...codes.values()].every(Boolean)).toBe(true);

    const [all] = await db()
      .select()
      .from(documents)
      .where(and(eq(documents.policyId, policy.id), eq(documents.kind, "boleto")))
      .orderBy(documents.createdAt);
    const pdf = await renderDocumentById(db(), all!.id, { compress: false });
    const text = extractPdfText(pdf!.bytes);
    expect(text.split("Pague com Pix")).toHaveLength(4);
    expect(validBrCodes(text)).toEqual(installments.map((row) => codes.get(row.installmentNumber)));
    for (const row of installments) expect(text).toContain(row.typeableLine!.slice(33));
    expect((await documentRows(policy.id)).some((row) => row.kind === "pix")).toBe(false);

    const first = installments[0]!;
    const boletoUrl = (await installmentBoletoLinks(db(), policy.id, ORIGIN)).get(1)!;
    const { body } = buildShareMessage(
      installmentShareDocument({
        policyNumber: policy.policyNumber,
        insuredName: policy.insuredName,
        personType: "NATURAL",
        installmentNumber: 1,
        installmentCount: installments.length,
        dueDate: first.dueDate.toISOString(),
        premiumTotalValue: first.premiumTotalCents / 100,
        boletoUrl,
        typeableLine: first.typeableLine,
        pixCopyPaste: codes.get(1),
      }),
    );
    expect(body).toContain(`Boleto (PDF): ${boletoUrl}`);
    const lines = body.split("\n");
    expect(lines.indexOf(codes.get(1)!)).toBeGreaterThan(
      lines.findIndex((line) => line.startsWith("Linha digitável")),
    );
    expect(body).toContain("o primeiro pagamento quita a parcela");
  });
});
