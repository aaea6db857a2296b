import type { Database, Executor } from "@/db/index";
import { listRemessaInstructions, type RemessaInstructionRow } from "@/db/queries/remessa";
import type { AuditContext } from "@/lib/audit/context";
import { appendAudit } from "@/lib/audit/record";
import { findModalityByCode } from "@/lib/catalogue";
import { STANDARD_LATE_PAYMENT } from "@/lib/catalogue/products/common";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { INSURER } from "@/lib/documents/issuer";
import { type RemessaInstruction, remessaFileName, writeItauRemessa } from "./cnab400-remessa";

export type Remessa = {
  /** `CBDDMM01.REM`. */
  fileName: string;
  /** The file (ASCII, CRLF line ends). */
  text: string;
  /** Instructions (detail records) in the file. */
  instructionCount: number;
};

function toInstruction(row: RemessaInstructionRow): RemessaInstruction {
  const address = row.insuredAddress;
  const installment = String(row.installmentNumber).padStart(2, "0");
  const late = findModalityByCode(row.modalityCode)?.latePayment ?? STANDARD_LATE_PAYMENT;
  return {
    code: row.code,
    ourNumber: row.ourNumber,
    // The slip prints "policyNumber/NN" as the document number: in full where 25 columns allow it.
    companyReference: `${row.policyNumber}/${installment}`,
    documentNumber: `${row.policyNumber.slice(-7)}/${installment}`,
    dueDate: businessDay(row.code === "06" && row.newDueDate ? row.newDueDate : row.dueDate),
    amountCents: row.amountCents,
    issuedOn: businessDay(row.issuedAt),
    payer: row.blocked
      ? null
      : {
          identity: row.insuredIdentity,
          name: row.insuredName,
          street: [address.street, address.number, address.complement].filter(Boolean).join(" "),
          neighborhood: address.neighborhood,
          zipCode: address.zipCode,
          city: address.city,
          state: address.state,
        },
    finePercent: late.finePercent,
    monthlyInterestPercent: late.monthlyInterestPercent,
  };
}

/**
 * Whether an instruction goes into a file written now. A payer blocked at their request
 * (docs/privacy.md) is never written again: their boletos' entries (`01`, which the bank registered
 * from the file of their day, sent before the deletion) are left out, and their write-offs and
 * due-date changes go with the payer withheld (the bank matches those by our number).
 */
const writable = (row: RemessaInstructionRow) => !(row.blocked && row.code === "01");

/**
 * The remessa of a São Paulo day (YYYY-MM-DD): the boleto instructions created that day, in
 * creation order, so the file of a day is the same bytes whenever it is written again (but for a
 * payer blocked in between: see `writable`). The
 * operator's file holds every broker's boletos (the insurer's collection account); `brokerId`
 * narrows it to one broker's (the portal admin's download).
 */
export async function buildRemessa(
  db: Executor,
  input: { day: string; brokerId?: string },
): Promise<Remessa> {
  const rows = await listRemessaInstructions(db, {
    from: startOfBusinessDay(input.day),
    to: startOfBusinessDay(addDays(input.day, 1)),
    brokerId: input.brokerId,
  });
  const written = rows.filter(writable);
  const text = writeItauRemessa({
    fileDate: input.day,
    company: { name: INSURER.name, cnpj: INSURER.cnpj },
    instructions: written.map(toInstruction),
  });
  return { fileName: remessaFileName(input.day), text, instructionCount: written.length };
}

/**
 * A broker admin's download of the day's remessa (that broker's boletos), recorded in the audit
 * trail as an export once built: `export.downloaded`, object `boleto-remessa`, with the day and the
 * instructions it holds (never a payer).
 */
export async function downloadBrokerRemessa(
  db: Database,
  input: { day: string; brokerId: string; audit: AuditContext },
): Promise<Remessa> {
  const remessa = await buildRemessa(db, input);
  await appendAudit(db, {
    brokerId: input.brokerId,
    ...input.audit,
    action: "export.downloaded",
    object: { type: "export", id: "boleto-remessa" },
    details: { filters: { date: input.day }, rows: remessa.instructionCount, completed: true },
  });
  return remessa;
}
