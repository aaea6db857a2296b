import {
  formatCnpj,
  formatCpf,
  isValidCnpj,
  isValidCpf,
  removeAccents,
} from "@brazilian-utils/brazilian-utils";

/** CPF/CNPJ as stored: punctuation removed, letters upper-cased (the 2026 alphanumeric CNPJ). */
export function normalizeIdentity(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
}

/**
 * The CPF/CNPJ prefix a search text could be, or undefined: digits and letters (the 2026
 * alphanumeric CNPJ: 12 digits or letters, then 2 check digits) with any `.`, `-`, `/` or spaces,
 * at most 14 characters once stripped. "529.982", "qxkz" and "12.ABC" may be; "Clínica 24 Horas"
 * (an accent) and "Conformidade Boleto ym8ll7" (24 characters) may not.
 */
export function identityPrefix(text: string): string | undefined {
  if (!/^[0-9A-Za-z.\-/\s]+$/.test(text)) return undefined;
  const prefix = normalizeIdentity(text);
  return /^[0-9A-Z]{1,12}[0-9]{0,2}$/.test(prefix) ? prefix : undefined;
}

export function isValidCpfValue(value: string): boolean {
  return /^[\d.\-\s]+$/.test(value) && isValidCpf(value);
}

/** Numeric and alphanumeric CNPJ, with or without punctuation. */
export function isValidCnpjValue(value: string): boolean {
  return /^[0-9A-Za-z.\-/\s]+$/.test(value) && isValidCnpj(value.toUpperCase(), { version: 2 });
}

export function identityKind(value: string): "CPF" | "CNPJ" | undefined {
  if (isValidCpfValue(value)) return "CPF";
  if (isValidCnpjValue(value)) return "CNPJ";
  return undefined;
}

/** 123.456.789-09 or 12.345.678/0001-95 for display; anything else unchanged. */
export function formatIdentity(normalized: string): string {
  if (normalized.length === 11) return formatCpf(normalized);
  if (normalized.length === 14) return formatCnpj(normalized, { version: 2 } as never);
  return normalized;
}

/** Lower-case, accent-free, single-spaced: the form names are searched and sorted by. */
export function normalizeName(value: string): string {
  return removeAccents(value).toLowerCase().replace(/\s+/g, " ").trim();
}
