import type { Address } from "@/db/schema";
import { formatIdentity } from "@/lib/identity";

/** "CPF" or "CNPJ", from the length of the normalised identity. */
export function identityLabel(identity: string): string {
  return identity.length === 11 ? "CPF" : "CNPJ";
}

/** `CPF 123.456.789-09` / `CNPJ 12.345.678/0001-95`. */
export function formatIdentityWithLabel(identity: string): string {
  return `${identityLabel(identity)} ${formatIdentity(identity)}`;
}

/** 01310100 -> 01310-100 */
export function formatZipCode(zip: string): string {
  const digits = zip.replace(/\D/g, "");
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : zip;
}

/** `Rua X, 100, apto 3 – Bairro – Cidade/UF – CEP 01310-100` */
export function formatAddress(address: Address): string {
  const street = [address.street, address.number, address.complement]
    .filter((part) => part?.trim())
    .join(", ");
  return [
    street,
    address.neighborhood,
    `${address.city}/${address.state}`,
    `CEP ${formatZipCode(address.zipCode)}`,
  ]
    .filter((part) => part?.trim())
    .join(" – ");
}

/** 11987654321 -> (11) 98765-4321; 1134567890 -> (11) 3456-7890; anything else unchanged. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "");
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return phone;
}
