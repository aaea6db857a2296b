import { z } from "zod";

/** Any 8-4-4-4-12 hexadecimal identifier (the spec's GUID): quotations, sessions, users, endpoints. */
export const guidSchema = z.guid();

/** A policy as the spec names it: the 13-digit policyNumber or the 24-digit number. */
export const policyNumberSchema = z.string().regex(/^(\d{13}|\d{24})$/);

/** An installment's number as a client names it: 1 is the first; past 999 none exists. */
export const installmentNumberSchema = z.number().int().min(1).max(999);

/** True for an installment number a policy can have; anything else cannot name an installment. */
export function isInstallmentNumber(value: unknown): value is number {
  return installmentNumberSchema.safeParse(value).success;
}

/** True for a GUID; lets a lookup answer "not found" without asking the database. */
export function isGuid(value: unknown): value is string {
  return guidSchema.safeParse(value).success;
}

/** True for a 13-digit policyNumber or a 24-digit number; anything else cannot name a policy. */
export function isPolicyNumber(value: unknown): value is string {
  return policyNumberSchema.safeParse(value).success;
}
