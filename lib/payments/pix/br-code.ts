import { generatePixPayload } from "@brazilian-utils/brazilian-utils";

/** The receiver shown to the payer by their bank (the BR Code's fields 59 and 60). */
export const PIX_MERCHANT = { name: "SEGURADORA EXEMPLO SA", city: "SAO PAULO" } as const;

/**
 * The dynamic BR Code ("Pix copia e cola") of a registered charge: the PSP's location in field
 * 26-25, point of initiation 12 and reference label `***`, so the payer's bank reads the amount and
 * due date from the PSP (a cobv's amount changes with fine and interest; a static amount cannot).
 */
export function dynamicBrCode(location: string): string {
  const payload = generatePixPayload({
    url: location,
    merchantName: PIX_MERCHANT.name,
    merchantCity: PIX_MERCHANT.city,
  });
  if (!payload) throw new Error(`not a Pix location: ${location}`);
  return payload;
}
