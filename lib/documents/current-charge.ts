import type { Executor } from "@/db/index";
import { findLatestSecondCopies, type SecondCopyRow } from "@/db/queries/second-copies";

/** The fine and interest a second copy added to the original amount, and from which due date. */
export type SecondCopyCharge = {
  id: string;
  originalDueDate: Date;
  originalCents: number;
  fineCents: number;
  interestCents: number;
  daysLate: number;
};

/**
 * What an installment charges now: its latest second copy's due date and amount ("2ª via": the
 * original plus fine and interest) when it has one, else its own. Every place that shows or sends an
 * installment's due date and amount (boleto PDF, share messages, notices, the insured's page, the
 * policy page) reads it from here, so they tell the same story as the barcode and the Pix charge.
 */
export type CurrentCharge = { dueDate: Date; amountCents: number; secondCopy?: SecondCopyCharge };

export function currentCharge(
  installment: { dueDate: Date | string; premiumTotalCents: number },
  latestSecondCopy?: SecondCopyRow,
): CurrentCharge {
  const originalDueDate = new Date(installment.dueDate);
  if (!latestSecondCopy) return { dueDate: originalDueDate, amountCents: installment.premiumTotalCents };
  return {
    dueDate: latestSecondCopy.dueDate,
    amountCents: latestSecondCopy.amountCents,
    secondCopy: {
      id: latestSecondCopy.id,
      originalDueDate,
      originalCents: latestSecondCopy.originalCents,
      fineCents: latestSecondCopy.fineCents,
      interestCents: latestSecondCopy.interestCents,
      daysLate: latestSecondCopy.daysLate,
    },
  };
}

/** The current charge of each installment, by installment id. */
export async function loadCurrentCharges(
  db: Executor,
  installments: { id: string; dueDate: Date | string; premiumTotalCents: number }[],
): Promise<Map<string, CurrentCharge>> {
  const latest = await findLatestSecondCopies(
    db,
    installments.map((installment) => installment.id),
  );
  return new Map(
    installments.map((installment) => [
      installment.id,
      currentCharge(installment, latest.get(installment.id)),
    ]),
  );
}
