import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { DatabaseHandle } from "@/db/index";
import { writeOffActiveBoleto } from "@/db/queries/boletos";
import { boletoInstructions } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { startOfBusinessDay } from "@/lib/dates";
import { seedIssuedPolicy } from "@/lib/documents/testing-fixtures";
import { writeItauRemessa } from "./cnab400-remessa";
import { buildRemessa } from "./remessa";
import { buildSandboxReturn } from "./sandbox-return";
import { ensureIssuedBoletos } from "./testdata/issued-boletos";
import { GOLDEN_REMESSA } from "./testdata/remessa-fixture";

/**
 * Every file we write, read field by field against the published layout of bank 341
 * (@banco-br/cnab_yaml, cnab400/341): each field's picture, 9(n) digits or X(n) upper-case ASCII,
 * holds at its positions.
 */
const LAYOUT_DIR = join(process.cwd(), "node_modules/@banco-br/cnab_yaml/cnab400/341");

type Field = { name: string; from: number; to: number; kind: "9" | "X"; width: number };

/**
 * The published remessa table contradicts itself in these entries (its positions span another width
 * than its picture, or overlap a neighbour): the positions of Itaú's manual ("Cobrança – CNAB 400",
 * arquivo remessa), for the same picture. The test fails when the package changes them.
 */
const REMESSA_ERRATA: Record<string, Record<string, [number, number]>> = {
  "remessa/header_arquivo.yml": {
    codigo_convenio: [27, 38],
    brancos02: [39, 46],
    literal_banco: [77, 92],
    brancos03: [93, 94],
  },
  "remessa/detalhe.yml": {
    codigo_inscricao: [2, 3],
    numero_inscricao: [4, 17],
    codigo_convenio: [18, 29],
    brancos01: [30, 33],
    brancos02: [34, 37],
    numero_documento: [63, 70],
    brancos03: [71, 83],
    numero_carteira: [84, 86],
    brancos04: [87, 107],
  },
  "remessa/trailer_arquivo.yml": { brancos01: [2, 394] },
};

function loadLayout(file: string): { fields: Field[]; contradictory: string[] } {
  const table = parse(readFileSync(join(LAYOUT_DIR, file), "utf8")) as Record<
    string,
    { pos: [number, number]; picture: string }
  >;
  const errata = REMESSA_ERRATA[file] ?? {};
  const contradictory: string[] = [];
  const fields = Object.entries(table).map(([name, spec]) => {
    const picture = /^([9X])\((\d+)\)(?:V9\((\d+)\))?/.exec(spec.picture);
    if (!picture) throw new Error(`${file} ${name}: picture ${spec.picture}`);
    const width = Number(picture[2]) + Number(picture[3] ?? 0);
    const [from, to] = spec.pos;
    if (to - from + 1 !== width) contradictory.push(name);
    const [fixedFrom, fixedTo] = errata[name] ?? [from, to];
    return { name, from: fixedFrom, to: fixedTo, kind: picture[1] as "9" | "X", width };
  });
  return { fields, contradictory };
}

const RECORDS = {
  remessa: {
    "0": "remessa/header_arquivo.yml",
    "1": "remessa/detalhe.yml",
    "2": "remessa/detalhe_multa.yml",
    "9": "remessa/trailer_arquivo.yml",
  },
  retorno: {
    "0": "retorno/header_arquivo.yml",
    "1": "retorno/detalhe.yml",
    "9": "retorno/trailer_arquivo.yml",
  },
} as const;

/** Every field of every record that does not hold its picture: `line n field (from-to) value`. */
function layoutViolations(text: string, kind: keyof typeof RECORDS): string[] {
  const records: Record<string, string> = RECORDS[kind];
  const violations: string[] = [];
  const lines = text.split("\r\n");
  expect(lines.pop()).toBe("");
  lines.forEach((line, i) => {
    expect(line).toHaveLength(400);
    const file = records[line[0]!];
    if (!file) {
      violations.push(`line ${i + 1}: record type ${line[0]} not in the layout`);
      return;
    }
    for (const field of loadLayout(file).fields) {
      expect(field.to - field.from + 1, `${file} ${field.name}`).toBe(field.width);
      const value = line.slice(field.from - 1, field.to);
      const holds =
        field.kind === "9" ? /^\d+$/.test(value) : /^[\x20-\x7e]+$/.test(value) && !/[a-z]/.test(value);
      if (!holds)
        violations.push(`line ${i + 1} ${field.name} (${field.from}-${field.to} ${field.kind}) "${value}"`);
    }
  });
  return violations;
}

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("the files we write hold the published layout of bank 341 (CNAB 400)", () => {
  it("the errata name exactly the entries where the published table contradicts itself", () => {
    for (const file of [...Object.values(RECORDS.remessa), ...Object.values(RECORDS.retorno)]) {
      expect(loadLayout(file).contradictory.sort(), file).toEqual(
        Object.keys(REMESSA_ERRATA[file] ?? {}).sort(),
      );
    }
  });

  it("the remessa: entries, write-offs and due-date changes", async () => {
    expect(layoutViolations(writeItauRemessa(GOLDEN_REMESSA), "remessa")).toEqual([]);
    const { policy, installments } = await seedIssuedPolicy(handle.db, { boletosAt: null });
    const boletos = await ensureIssuedBoletos(handle.db, policy.id, new Date("2026-03-02T15:00:00.000Z"));
    await writeOffActiveBoleto(handle.db, installments[3]!.id, new Date("2026-03-02T16:00:00.000Z"));
    await handle.db.insert(boletoInstructions).values({
      boletoId: boletos.get(3)!.id,
      code: "06",
      newDueDate: startOfBusinessDay("2026-05-20"),
      createdAt: new Date("2026-03-02T17:00:00.000Z"),
    });
    const remessa = await buildRemessa(handle.db, { day: "2026-03-02" });
    expect(remessa.text.split("\r\n").map((line) => line.slice(108, 110))).toContain("06");
    expect(layoutViolations(remessa.text, "remessa")).toEqual([]);
  });

  it("the sandbox bank's return: liquidations, entries confirmed and rejected", async () => {
    const { policy, installments } = await seedIssuedPolicy(handle.db, { boletosAt: null });
    const answer = (occurrence: string, errors?: string) => ({
      ourNumber: installments[1]!.boletoOurNumber!,
      titleCents: installments[1]!.premiumTotalCents,
      occurrence,
      errors,
      occurrenceDate: "2026-03-03",
      dueDate: "2026-04-08",
      payerName: "João Araújo da Conceição",
      payerIdentity: "52998224725",
    });
    const text = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber }], {
      paidOn: "2026-04-08",
      extraLines: [answer("02"), answer("03", "0811")],
    });
    expect(layoutViolations(text, "retorno")).toEqual([]);
    // What the writer once left there: blanks where the layout has the canceled instruction's code.
    const lines = text.split("\r\n");
    lines[1] = `${lines[1]!.slice(0, 301)}    ${lines[1]!.slice(305)}`;
    expect(layoutViolations(lines.join("\r\n"), "retorno")).toEqual([
      'line 2 instr_cancelada (302-305 9) "    "',
    ]);
  });
});
