import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dailyInterestCents, parseItauRemessa, remessaFileName, writeItauRemessa } from "./cnab400-remessa";
import { GOLDEN_REMESSA } from "./testdata/remessa-fixture";

const GOLDEN = new URL("./testdata/remessa-341.rem", import.meta.url);

describe("the remessa of bank 341 (CNAB 400)", () => {
  it("is written byte for byte as the golden file", () => {
    const text = writeItauRemessa(GOLDEN_REMESSA);
    // UPDATE_GOLDEN=1 rewrites the file after a deliberate change of the layout; review its diff.
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, text, "latin1");
    expect(Buffer.from(text, "latin1").equals(readFileSync(GOLDEN))).toBe(true);
  });

  it("has a header, a detail per instruction with the fine record after each entry, and a trailer, in 400 columns and CRLF", () => {
    const text = writeItauRemessa(GOLDEN_REMESSA);
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.split("\r\n").slice(0, -1);
    expect(lines.map((line) => line.length)).toEqual(Array(lines.length).fill(400));
    expect(lines.map((line) => line[0]).join("")).toBe("01212119");
    expect(lines.map((line) => line.slice(394))).toEqual(lines.map((_, i) => String(i + 1).padStart(6, "0")));
    expect(text).toMatch(/^[\x20-\x7e\r\n]*$/);
    expect(text).not.toMatch(/[a-z]/);
  });

  it("reads back what it wrote (our round trip)", () => {
    const parsed = parseItauRemessa(writeItauRemessa(GOLDEN_REMESSA));
    expect(parsed.header).toEqual({
      agency: "1500",
      account: "05912",
      companyName: "SEGURADORA EXEMPLO S.A.",
      fileDate: "2026-03-02",
    });
    expect(parsed.details.map((d) => d.code)).toEqual(["01", "01", "02", "06"]);
    expect(parsed.details[0]).toMatchObject({
      companyIdentity: "11222333000181",
      ourNumber: "00000102",
      wallet: "109",
      companyReference: "1000000000001/02",
      documentNumber: "0000001/02",
      dueDate: "2026-04-08",
      amountCents: 33_142,
      issuedOn: "2026-03-02",
      dailyInterestCents: 11,
      payerKind: "01",
      payerIdentity: "52998224725",
      payerName: "JOAO ARAUJO DA CONCEICAO",
      street: "AVENIDA PAULISTA 1578 CONJUNTO 42",
      neighborhood: "BELA VISTA",
      zipCode: "01310100",
      city: "SAO PAULO",
      state: "SP",
      fine: { kind: "2", from: "2026-04-09", percentHundredths: 200 },
    });
    // Folded to upper-case ASCII and cut at the field's width; a CNPJ payer is kind 02.
    expect(parsed.details[1]).toMatchObject({
      amountCents: 9_999_999_999,
      payerKind: "02",
      payerIdentity: "11444777000161",
      payerName: "CLINICA ODONTOLOGICA AVILA & I",
      street: "RUA DOUTOR ANTONIO BENTO DE AMORIM GONCA",
      neighborhood: "JARDIM SAO L",
      zipCode: "04815090",
      city: "SAO BERNARDO DO",
      state: "SP",
    });
    // Write-off and due-date change: no fine record; the change carries the new due date.
    expect(parsed.details[2]).toMatchObject({ code: "02", fine: null });
    expect(parsed.details[3]).toMatchObject({ code: "06", dueDate: "2026-06-15", fine: null });
  });

  it("an empty day is a header and a trailer", () => {
    const text = writeItauRemessa({ ...GOLDEN_REMESSA, instructions: [] });
    expect(
      text
        .split("\r\n")
        .slice(0, -1)
        .map((line) => line[0]),
    ).toEqual(["0", "9"]);
    expect(parseItauRemessa(text).details).toEqual([]);
  });

  it("names the file after the day, and charges 1 % a month pro rata die", () => {
    expect(remessaFileName("2026-03-02")).toBe("CB020301.REM");
    expect(dailyInterestCents(33_142, "1.00")).toBe(11);
    expect(dailyInterestCents(100_000, "1.00")).toBe(33);
    expect(dailyInterestCents(100_050, "1.00")).toBe(33);
  });

  it("refuses values that do not fit their fields instead of cutting them", () => {
    const [entry] = GOLDEN_REMESSA.instructions;
    expect(() =>
      writeItauRemessa({ ...GOLDEN_REMESSA, instructions: [{ ...entry!, amountCents: 10_000_000_000_000 }] }),
    ).toThrow(/does not fit/);
    expect(() =>
      writeItauRemessa({ ...GOLDEN_REMESSA, instructions: [{ ...entry!, ourNumber: "123456789" }] }),
    ).toThrow(/does not fit/);
  });
});
