import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CatalogueTables } from "@/components/api-docs/catalogue-tables";
import { CATALOGUE } from "@/lib/catalogue";
import { listCatalogueTables } from "./catalogue-reference";

describe("/docs: the questions of each product", () => {
  it("has one table per product with every question of creation and proposal", () => {
    const tables = listCatalogueTables();
    expect(tables.map((t) => t.operationCode)).toEqual(CATALOGUE.map((m) => m.operationCode));
    for (const [index, definition] of CATALOGUE.entries()) {
      const codes = tables[index]!.questions.map((row) => row.code.split(" ")[0]);
      for (const question of definition.questions) expect(codes).toContain(question.code);
    }
  });

  it("says when a question is required, its values and its range", () => {
    const broker = listCatalogueTables()[0]!;
    const row = (code: string) => broker.questions.find((r) => r.code.startsWith(code))!;
    expect(row("PREVIOUS-INSURER ")).toBeUndefined();
    expect(broker.questions.find((r) => r.code === "PREVIOUS-INSURER")).toMatchObject({
      type: "document",
      required: "when CONGENER is RENEWAL",
      values: "CNPJ",
    });
    expect(row("BROKERAGE-COMMISSION")).toMatchObject({
      code: "BROKERAGE-COMMISSION (also COMMISSION)",
      required: "no (default 20)",
      values: "1 to 30, up to 2 decimals",
    });
    expect(row("CLAIMS")).toMatchObject({ required: "yes", values: "0 to 2" });
    expect(row("PERSON-TYPE").values).toBe("NATURAL (Pessoa física); LEGAL (Pessoa jurídica)");
    expect(row("CATEGORIES").values).toContain("CAR (Automóvel) [when REGISTER-NUMBER-TYPE is FULL]");
    expect(row("LIMIT-DEDUCTIBLE › DEDUCTIBLE").values).toContain("DEFAULT (Padrão)");
    expect(row("START-VIGENCY-DATE").values).toBe("today to today + 90 days");
    expect(broker.proposalQuestions.find((r) => r.code === "DUE-DAY")).toMatchObject({
      required: "when PAYMENT-METHOD is one of TICKET, PIX",
      values: "1 to 20",
    });
  });

  it("renders the tables", () => {
    const html = renderToStaticMarkup(CatalogueTables({ products: listCatalogueTables() }));
    expect(html).toContain("<code>DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER</code>");
    expect(html).toContain("<code>LIMITS › LIMIT</code>");
    expect(html).toContain("when CLAIM-EXPECTATION is true");
  });
});
