import type { Executor } from "@/db/index";
import { findInsuredContact } from "@/db/queries/insureds";
import type { Address, PersonType } from "@/db/schema/quotations";
import { maskCep, maskPhone } from "@/lib/format/masks";
import { formatIdentity, normalizeIdentity } from "@/lib/identity";

/** What a new quotation form takes from the insured's latest quotation. */
export type InsuredContact = {
  personType: PersonType;
  identity: string;
  name: string;
  email: string;
  phone: string;
  address: Address;
};

/** The form's answers (as the masked inputs show them) for one insured's contact. */
export function insuredAnswers(contact: InsuredContact): Record<string, string> {
  const { address } = contact;
  return {
    "PERSON-TYPE": contact.personType,
    IDENTITY: formatIdentity(contact.identity),
    "INSURED-NAME": contact.name,
    "INSURED-EMAIL": contact.email,
    "INSURED-CELLPHONE": maskPhone(contact.phone),
    "INSURED-ADDRESS-ZIPCODE": maskCep(address.zipCode),
    "INSURED-ADDRESS-STREET": address.street,
    "INSURED-ADDRESS-NUMBER": address.number,
    "INSURED-ADDRESS-COMPLEMENT": address.complement,
    "INSURED-ADDRESS-NEIGHBORHOOD": address.neighborhood,
    "INSURED-ADDRESS-CITY": address.city,
    "INSURED-ADDRESS-STATE": address.state,
  };
}

/**
 * The insured answers for a new quotation of this broker's insured (`?insured=` of /quotations/new):
 * undefined for a malformed identity, one the broker never quoted, or another broker's insured.
 */
export async function insuredPrefill(db: Executor, brokerId: string, rawIdentity: string) {
  const identity = normalizeIdentity(rawIdentity);
  if (!/^[0-9A-Z]{11}$|^[0-9A-Z]{12}[0-9]{2}$/.test(identity)) return undefined;
  const contact = await findInsuredContact(db, brokerId, identity);
  return contact ? insuredAnswers(contact) : undefined;
}
