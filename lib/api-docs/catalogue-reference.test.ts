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

  it("shows the item products' nested lists, years, bounds and list rules", () => {
    const tables = listCatalogueTables();
    const table = (operationCode: string) => tables.find((t) => t.operationCode === operationCode)!;
    const bike = table("BIKE-MULTIPLE-PERIL-PARTNER").questions;
    const row = (rows: typeof bike, code: string) => rows.find((r) => r.code === code)!;
    expect(row(bike, "ITEMS").values).toBe("1 to 10 entries; SERIAL-NUMBER unique across entries");
    expect(row(bike, "ITEMS › MANUFACTURE-YEAR")).toMatchObject({
      type: "year",
      values: "the current year or up to 7 years before (in São Paulo)",
    });
    expect(row(bike, "ITEMS › PART-BIKE-AGREEMENT").required).toBe("when PARTS is sent");
    expect(row(bike, "ITEMS › COVERAGES").values).toBe(
      "1 to 7 entries; COVERAGE-TYPE unique across entries; at least one entry with COVERAGE-TYPE one of DAMAGE-COVERAGE, THEFT-COVERAGE",
    );
    expect(row(bike, "ITEMS › COVERAGES › COVERAGE-LIMIT-VALUE")).toMatchObject({
      required: "when COVERAGE-TYPE is MOBILE-THEFT-COVERAGE",
      values: "1 to 10,000, up to 2 decimals; at most 30% of ORIGINAL-VALUE",
    });
    expect(row(bike, "ITEMS › COVERAGES › COVERAGE-TYPE").values).toContain(
      "ELECTRICAL-DAMAGE-COVERAGE (Danos elétricos (bateria e motor)) [when ITEM-TYPE is ELECTRIC]",
    );
    const equipment = table("CONSTRUCTION-EQUIPMENT-MULTIPLE-PERIL-PARTNER").questions;
    expect(row(equipment, "ITEMS › MANUFACTURE-YEAR").values).toBe(
      "the current year or up to 6 years before; the current year or up to 1 year before when EQUIPMENT-NEW is true (in São Paulo)",
    );
    expect(row(equipment, "ITEMS › COVERAGES › COVERAGE-LIMIT-VALUE").values).toContain(
      "at most 100000 and at most 30% of ITEM-VALUE when COVERAGE-TYPE is one of LOSS-RENT-COVERAGE, PAYMENT-THIRD-PARTIES-COVERAGE",
    );
    const html = renderToStaticMarkup(CatalogueTables({ products: tables }));
    expect(html).toContain("<code>ITEMS › COVERAGES › COVERAGE-LIMIT-VALUE</code>");
  });

  it("renders the tables", () => {
    const html = renderToStaticMarkup(CatalogueTables({ products: listCatalogueTables() }));
    expect(html).toContain("<code>DIRECTORS-OFFICERS-CIVIL-LIABILITY-PARTNER</code>");
    expect(html).toContain("<code>LIMITS › LIMIT</code>");
    expect(html).toContain("when CLAIM-EXPECTATION is true");
  });
});
