/** Input masks for the portal's forms: they format while typing and never reject characters silently. */

const digitsOf = (value: string, max: number) => value.replace(/\D/g, "").slice(0, max);

/** 000.000.000-00 up to 11 digits, then 00.000.000/0000-00 (letters kept for the 2026 alphanumeric CNPJ). */
export function maskCpfCnpj(value: string): string {
  const chars = value
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, "")
    .slice(0, 14);
  if (chars.length <= 11 && /^\d*$/.test(chars)) {
    return chars
      .replace(/^(\d{3})(\d)/, "$1.$2")
      .replace(/^(\d{3})\.(\d{3})(\d)/, "$1.$2.$3")
      .replace(/\.(\d{3})(\d{1,2})$/, ".$1-$2");
  }
  return chars
    .replace(/^(\w{2})(\w)/, "$1.$2")
    .replace(/^(\w{2})\.(\w{3})(\w)/, "$1.$2.$3")
    .replace(/\.(\w{3})(\w)/, ".$1/$2")
    .replace(/(\w{4})(\w{1,2})$/, "$1-$2");
}

/** 00000-000 */
export function maskCep(value: string): string {
  return digitsOf(value, 8).replace(/^(\d{5})(\d)/, "$1-$2");
}

/** (00) 0000-0000 or (00) 00000-0000 */
export function maskPhone(value: string): string {
  const digits = digitsOf(value, 11);
  if (digits.length <= 2) return digits.replace(/^(\d{1,2})/, "($1");
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  const split = rest.length > 8 ? 5 : 4;
  return rest.length > split ? `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}` : `(${area}) ${rest}`;
}

/** Groups of four (Amex 4-6-5), at most 19 digits. */
export function maskCardNumber(value: string): string {
  const digits = digitsOf(value, 19);
  if (/^3[47]/.test(digits))
    return digits.replace(/^(\d{4})(\d{1,6})?(\d{1,5})?$/, (_, a, b, c) =>
      [a, b, c].filter(Boolean).join(" "),
    );
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}
