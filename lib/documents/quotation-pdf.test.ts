import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { createTestDatabase } from "@/db/testing";
import { addDays, businessDay, formatDatePtBr } from "@/lib/dates";
import { formatBrl } from "@/lib/money";
import { sampleLimitDeductible, sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { createQuotation } from "@/lib/quotations/service";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import {
  loadQuotationDocumentData,
  quotationDocumentId,
  quotationIdOfDocument,
  renderQuotationPdf,
  signQuotationDocumentUrl,
} from "./quotation-pdf";
import { renderSignedDocument } from "./render";
import { extractPdfText } from "./testing-pdf";

let handle: DatabaseHandle;
let quotationId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  const { broker } = await createBrokerWithKey(handle.db, "100321", {
    name: "Corretora Ação & Proteção Ltda.",
  });
  const item = await createQuotation(
    handle.db,
    broker.id,
    sampleQuotationRequest("broker", "100321", {
      "START-VIGENCY-DATE": addDays(businessDay(new Date()), 40),
      "LIMIT-DEDUCTIBLE": [
        sampleLimitDeductible(100_000, "DEFAULT"),
        sampleLimitDeductible(500_000, "DEFAULT"),
      ],
    }) as never,
  );
  quotationId = item.quotationIdentifier;
});

afterAll(async () => {
  await handle?.close();
});

describe("quotation PDF", () => {
  it("prints the broker, its SUSEP number, every variant's limit, premium and plans, and the validity", async () => {
    const data = (await loadQuotationDocumentData(handle.db, quotationId))!;
    expect(data.variants).toHaveLength(2);
    const pdf = await renderQuotationPdf(data, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = extractPdfText(pdf);
    expect(text).toContain("Cotação de Seguro");
    expect(text).toContain("Maria da Silva");
    expect(text).toContain("Corretora Ação & Proteção Ltda.");
    expect(text).toContain("Registro SUSEP");
    expect(text).toContain("100321");
    expect(text).toContain(`Válida até ${formatDatePtBr(data.expiresAt)}`);
    expect(text).toContain(formatBrl(10_000_000));
    expect(text).toContain(formatBrl(50_000_000));
    for (const variant of data.variants) {
      expect(variant.totalCents).toBeGreaterThan(0);
      expect(text).toContain(formatBrl(variant.totalCents));
      expect(variant.plans.length).toBeGreaterThan(0);
      for (const plan of variant.plans.filter((p) => p.installmentCount > 1)) {
        expect(text).toContain(`${plan.installmentCount}x de ${formatBrl(plan.installmentCents)}`);
      }
    }
    expect(text).toMatch(/R\$\s\d{1,3}(\.\d{3})*,\d{2}/);
    // The commission is the broker's business, not the client's.
    expect(text).not.toContain("Comissão");
  });

  it("is served behind a signed link like the other documents", async () => {
    const url = new URL(signQuotationDocumentUrl(quotationId, "https://portal.example/"));
    expect(url.pathname).toBe(`/api/documents/${quotationDocumentId(quotationId)}`);
    const id = decodeURIComponent(url.pathname.split("/").pop()!);
    expect(quotationIdOfDocument(id)).toBe(quotationId);
    const expires = url.searchParams.get("expires");
    const signature = url.searchParams.get("signature");
    const document = await renderSignedDocument(handle.db, id, expires, signature);
    expect(document.contentType).toBe("application/pdf");
    expect(document.fileName).toMatch(/^cotacao-[0-9a-f]{8}\.pdf$/);
    expect(document.bytes.subarray(0, 5).toString()).toBe("%PDF-");

    await expect(renderSignedDocument(handle.db, id, expires, `${signature}x`)).rejects.toMatchObject({
      errors: [{ code: "DOCUMENT-NOT-FOUND" }],
    });
    // A signed link to a quotation that does not exist answers the same.
    const unknown = new URL(signQuotationDocumentUrl("00000000-0000-4000-8000-000000000000", "https://p"));
    await expect(
      renderSignedDocument(
        handle.db,
        decodeURIComponent(unknown.pathname.split("/").pop()!),
        unknown.searchParams.get("expires"),
        unknown.searchParams.get("signature"),
      ),
    ).rejects.toMatchObject({ errors: [{ code: "DOCUMENT-NOT-FOUND" }] });
    expect(quotationIdOfDocument("quotation-not-a-guid")).toBeUndefined();
    expect(quotationIdOfDocument(quotationId)).toBeUndefined();
  });
});
