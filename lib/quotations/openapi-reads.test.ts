import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi";

describe("OpenAPI document: quotation reads", () => {
  const document = buildOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };

  it("describes the quotation lookup and list, and the policy list's quotationIdentifier filter", () => {
    const lookup = document.paths["/v1/quotation/{registerNumber}/{quotationIdentifier}"]?.get;
    const list = document.paths["/v1/quotation/{registerNumber}/all"]?.get;
    expect(lookup).toBeDefined();
    expect(list?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(["status", "search", "modality", "createdFrom", "createdTo", "sort", "page"]),
    );
    const policyList = document.paths["/v1/policy/{registerNumber}/all"]?.get;
    expect(policyList?.parameters?.map((p) => p.name)).toContain("quotationIdentifier");
    expect(JSON.stringify(document)).toContain("QUOTATION-EXPIRED");
  });
});
