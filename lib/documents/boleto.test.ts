import { getBoletoInfo, isValidBoleto, parseBoleto } from "@brazilian-utils/brazilian-utils";
import { describe, expect, it } from "vitest";
import {
  BOLETO_BENEFICIARY,
  barcodeToTypeableLine,
  boletoOurNumber,
  buildBoleto,
  dueDateFactor,
  dueDateFromFactor,
  formatBeneficiaryCode,
  formatOurNumber,
  isValidTypeableLine,
  readTypeableLine,
  typeableLineToBarcode,
} from "./boleto";

// Independent re-implementations of the FEBRABAN rules, written differently on purpose.
function mod10(digits: string): number {
  const sum = [...digits]
    .reverse()
    .map((d, i) => Number(d) * (i % 2 === 0 ? 2 : 1))
    .map((p) =>
      String(p)
        .split("")
        .reduce((a, c) => a + Number(c), 0),
    )
    .reduce((a, b) => a + b, 0);
  const next = Math.ceil(sum / 10) * 10;
  return next - sum;
}

function mod11(digits: string): number {
  const weights = [2, 3, 4, 5, 6, 7, 8, 9];
  const sum = [...digits].reverse().reduce((acc, d, i) => acc + Number(d) * weights[i % 8]!, 0);
  const dv = 11 - (sum % 11);
  return [0, 10, 11].includes(dv) ? 1 : dv;
}

function factorOf(day: string): number {
  const days = (Date.parse(`${day}T00:00:00Z`) - Date.parse("1997-10-07T00:00:00Z")) / 86_400_000;
  const restart = (Date.parse(`${day}T00:00:00Z`) - Date.parse("2025-02-22T00:00:00Z")) / 86_400_000;
  return restart >= 0 ? 1000 + (restart % 9000) : days;
}

/** Checks a 47-digit line field by field, from the positions of Carta-Circular 2.926. */
function independentlyValid(line: string): boolean {
  if (!/^\d{47}$/.test(line) || line[3] !== "9") return false;
  const f1 = line.slice(0, 10);
  const f2 = line.slice(10, 21);
  const f3 = line.slice(21, 32);
  if (mod10(f1.slice(0, 9)) !== Number(f1[9])) return false;
  if (mod10(f2.slice(0, 10)) !== Number(f2[10])) return false;
  if (mod10(f3.slice(0, 10)) !== Number(f3[10])) return false;
  const free = f1.slice(4, 9) + f2.slice(0, 10) + f3.slice(0, 10);
  const withoutDv = line.slice(0, 4) + line.slice(33) + free;
  return mod11(withoutDv) === Number(line[32]);
}

describe("buildBoleto", () => {
  const boleto = buildBoleto({ ourNumber: "12345678", amountCents: 123_456, dueDate: "2026-03-10" });

  it("lays out the 44-digit barcode: bank, currency, DV, factor, amount, free field", () => {
    expect(boleto.barcode).toMatch(/^\d{44}$/);
    expect(boleto.barcode.slice(0, 4)).toBe("3419");
    expect(boleto.barcode.slice(5, 9)).toBe("1381");
    expect(boleto.barcode.slice(9, 19)).toBe("0000123456");
    const { agency, account, wallet } = BOLETO_BENEFICIARY;
    const ourDac = mod10(`${agency}${account}${wallet}12345678`);
    const accountDac = mod10(`${agency}${account}`);
    expect(boleto.barcode.slice(19)).toBe(`${wallet}12345678${ourDac}${agency}${account}${accountDac}000`);
    const dv = mod11(boleto.barcode.slice(0, 4) + boleto.barcode.slice(5));
    expect(Number(boleto.barcode[4])).toBe(dv);
  });

  it("builds the 47-digit typeable line with its field DVs and the general DV", () => {
    expect(boleto.typeableLine).toMatch(/^\d{47}$/);
    expect(independentlyValid(boleto.typeableLine)).toBe(true);
    expect(boleto.typeableLine[32]).toBe(boleto.barcode[4]);
    expect(boleto.typeableLine.slice(33)).toBe(boleto.barcode.slice(5, 19));
    expect(typeableLineToBarcode(boleto.typeableLine)).toBe(boleto.barcode);
    expect(barcodeToTypeableLine(boleto.barcode)).toBe(boleto.typeableLine);
    expect(boleto.formattedLine).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(boleto.formattedLine.replace(/[ .]/g, "")).toBe(boleto.typeableLine);
  });

  it("is accepted and read back by @brazilian-utils", () => {
    expect(isValidBoleto(boleto.typeableLine)).toBe(true);
    expect(isValidBoleto(boleto.formattedLine)).toBe(true);
    expect(parseBoleto(boleto.formattedLine)).toBe(boleto.typeableLine);
    const info = getBoletoInfo(boleto.typeableLine, { referenceDate: new Date(2026, 0, 1) });
    expect(info?.bankCode).toBe("341");
    expect(info?.amount).toBe(123_456);
    const due = info!.expirationDate!;
    expect([due.getFullYear(), due.getMonth() + 1, due.getDate()]).toEqual([2026, 3, 10]);
  });

  it("round-trips amount and due date for many installments", () => {
    for (let i = 0; i < 300; i++) {
      const day = new Date(Date.UTC(2024, 0, 1) + i * 47 * 86_400_000).toISOString().slice(0, 10);
      const amountCents = 100 + ((i * 7_919_317) % 99_999_900);
      const ourNumber = String((i * 104_729) % 100_000_000);
      const { typeableLine } = buildBoleto({ ourNumber, amountCents, dueDate: day });
      expect(independentlyValid(typeableLine)).toBe(true);
      expect(isValidTypeableLine(typeableLine)).toBe(true);
      expect(isValidBoleto(typeableLine)).toBe(true);
      const read = readTypeableLine(typeableLine);
      expect(read.amountCents).toBe(amountCents);
      expect(read.dueDateFactor).toBe(factorOf(day));
      expect(dueDateFromFactor(read.dueDateFactor, day)).toBe(day);
    }
  });

  it("reads an instant's due date as its day in São Paulo", () => {
    // 02:30 UTC on the 11th is still the 10th in São Paulo (UTC-3).
    const fromInstant = buildBoleto({
      ourNumber: "1",
      amountCents: 500,
      dueDate: new Date("2026-03-11T02:30:00Z"),
    });
    const fromIso = buildBoleto({ ourNumber: "1", amountCents: 500, dueDate: "2026-03-11T02:30:00.000Z" });
    expect(fromInstant.dueDateFactor).toBe(1381);
    expect(fromIso.typeableLine).toBe(fromInstant.typeableLine);
    expect(fromInstant.ourNumber).toBe("00000001");
  });

  it("refuses what a boleto cannot carry", () => {
    const base = { ourNumber: "1", amountCents: 100, dueDate: "2026-03-10" };
    expect(() => buildBoleto({ ...base, amountCents: 0 })).toThrow(RangeError);
    expect(() => buildBoleto({ ...base, amountCents: 10.5 })).toThrow(RangeError);
    expect(() => buildBoleto({ ...base, amountCents: 10_000_000_000 })).toThrow(RangeError);
    expect(() => buildBoleto({ ...base, ourNumber: "123456789" })).toThrow(RangeError);
    expect(() => buildBoleto({ ...base, ourNumber: "12a" })).toThrow(RangeError);
    expect(() => buildBoleto({ ...base, dueDate: "2000-07-02" })).toThrow(RangeError);
    expect(buildBoleto({ ...base, amountCents: 9_999_999_999 }).typeableLine.slice(37)).toBe("9999999999");
  });
});

describe("due-date factor", () => {
  it("follows the 2025 restart of the FEBRABAN rule", () => {
    expect(dueDateFactor("2000-07-03")).toBe(1000);
    expect(dueDateFactor("2025-02-21")).toBe(9999);
    expect(dueDateFactor("2025-02-22")).toBe(1000);
    expect(dueDateFactor("2025-02-23")).toBe(1001);
    expect(dueDateFactor("2026-03-10")).toBe(1381);
    expect(dueDateFactor("2049-10-13")).toBe(9999);
    expect(dueDateFactor("2049-10-14")).toBe(1000);
  });

  it("resolves a factor to the date near the reference day", () => {
    expect(dueDateFromFactor(1000, "2025-03-01")).toBe("2025-02-22");
    expect(dueDateFromFactor(9999, "2025-03-01")).toBe("2025-02-21");
    expect(dueDateFromFactor(1000, "2001-01-01")).toBe("2000-07-03");
    expect(() => dueDateFromFactor(999)).toThrow(RangeError);
  });
});

describe("isValidTypeableLine", () => {
  const { typeableLine, formattedLine } = buildBoleto({
    ourNumber: "40",
    amountCents: 33_142,
    dueDate: "2026-04-08",
  });

  it("accepts our lines, formatted or not, and a bank's published example", () => {
    expect(isValidTypeableLine(typeableLine)).toBe(true);
    expect(isValidTypeableLine(formattedLine)).toBe(true);
    expect(isValidTypeableLine("00190000090114971860168524522114675860000102656")).toBe(true);
  });

  it("agrees with an independent check on every single-digit error", () => {
    let rejected = 0;
    for (let position = 0; position < 47; position++) {
      for (let delta = 1; delta <= 9; delta++) {
        const digit = (Number(typeableLine[position]) + delta) % 10;
        const mutated = typeableLine.slice(0, position) + digit + typeableLine.slice(position + 1);
        const expected = independentlyValid(mutated);
        expect(isValidTypeableLine(mutated), `position ${position} -> ${digit}`).toBe(expected);
        if (position !== 3) expect(isValidBoleto(mutated)).toBe(expected);
        if (!expected) rejected++;
      }
    }
    // Only mod-11 collisions (remainders 0 and 1 both give DV 1) can slip through.
    expect(rejected).toBeGreaterThan(47 * 9 - 10);
  });

  it("rejects malformed input", () => {
    expect(isValidTypeableLine("")).toBe(false);
    expect(isValidTypeableLine(typeableLine.slice(1))).toBe(false);
    expect(isValidTypeableLine(`${typeableLine.slice(0, 46)}x`)).toBe(false);
  });
});

describe("our number", () => {
  it("derives a unique 8-digit number from policy and installment numbers", () => {
    expect(boletoOurNumber("1000000000042", 3)).toBe("00004203");
    expect(boletoOurNumber("1000000123456", 12)).toBe("12345612");
    expect(() => boletoOurNumber("1000000000042", 0)).toThrow(RangeError);
  });

  it("prints wallet/our number-DAC and agency/account-DAC", () => {
    const { agency, account, wallet } = BOLETO_BENEFICIARY;
    expect(formatOurNumber("12345678")).toBe(
      `${wallet}/12345678-${mod10(`${agency}${account}${wallet}12345678`)}`,
    );
    expect(formatBeneficiaryCode()).toBe(`${agency} / ${account}-${mod10(`${agency}${account}`)}`);
  });
});
