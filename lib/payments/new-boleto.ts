import type { Executor } from "@/db/index";
import { insertBoletos } from "@/db/queries/boletos";
import { nextBoletoOurNumber } from "@/db/queries/endorsements";
import { businessDay, startOfBusinessDay } from "@/lib/dates";
import { buildBoleto } from "@/lib/documents/boleto";

/**
 * A new boleto for an installment, in the caller's transaction: a fresh "nosso número", the
 * installment's current boleto from now on, and its entry (`01`) for the day's remessa. Due at the
 * start of `dueDate`'s São Paulo day.
 */
export async function enterNewBoleto(
  tx: Executor,
  input: { installmentId: string; amountCents: number; dueDate: Date },
  now: Date,
): Promise<void> {
  const ourNumber = await nextBoletoOurNumber(tx);
  const boleto = buildBoleto({ ourNumber, amountCents: input.amountCents, dueDate: input.dueDate });
  await insertBoletos(
    tx,
    [
      {
        installmentId: input.installmentId,
        ourNumber,
        typeableLine: boleto.typeableLine,
        amountCents: input.amountCents,
        dueDate: startOfBusinessDay(businessDay(input.dueDate)),
      },
    ],
    now,
  );
}
