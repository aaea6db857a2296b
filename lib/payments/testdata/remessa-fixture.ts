import type { RemessaInput } from "../cnab400-remessa";

const payer = {
  identity: "52998224725",
  name: "João Araújo da Conceição",
  street: "Avenida Paulista 1578 conjunto 42",
  neighborhood: "Bela Vista",
  zipCode: "01310100",
  city: "São Paulo",
  state: "SP",
};

/**
 * The golden remessa's input (testdata/remessa-341.rem): an entry of a person's boleto, a company's
 * entry with a name and address longer than their fields, a write-off and a due-date change.
 */
export const GOLDEN_REMESSA: RemessaInput = {
  fileDate: "2026-03-02",
  company: { name: "Seguradora Exemplo S.A.", cnpj: "11222333000181" },
  instructions: [
    {
      code: "01",
      ourNumber: "00000102",
      companyReference: "1000000000001/02",
      documentNumber: "0000001/02",
      dueDate: "2026-04-08",
      amountCents: 33_142,
      issuedOn: "2026-03-02",
      payer,
      finePercent: "2.00",
      monthlyInterestPercent: "1.00",
    },
    {
      code: "01",
      ourNumber: "12345601",
      companyReference: "1000000123456/01",
      documentNumber: "0123456/01",
      dueDate: "2026-12-31",
      amountCents: 9_999_999_999,
      issuedOn: "2026-03-02",
      payer: {
        identity: "11444777000161",
        name: "Clínica Odontológica Ávila & Irmãos Ltda. – Filial Jabaquara",
        street: "Rua Doutor Antônio Bento de Amorim Gonçalves 1234 sala 56 bloco B",
        neighborhood: "Jardim São Luís",
        zipCode: "04815-090",
        city: "São Bernardo do Campo",
        state: "sp",
      },
      finePercent: "2.00",
      monthlyInterestPercent: "1.00",
    },
    {
      code: "02",
      ourNumber: "00000103",
      companyReference: "1000000000001/03",
      documentNumber: "0000001/03",
      dueDate: "2026-05-08",
      amountCents: 33_142,
      issuedOn: "2026-02-27",
      payer,
      finePercent: "2.00",
      monthlyInterestPercent: "1.00",
    },
    {
      code: "06",
      ourNumber: "00000104",
      companyReference: "1000000000001/04",
      documentNumber: "0000001/04",
      dueDate: "2026-06-15",
      amountCents: 33_141,
      issuedOn: "2026-02-27",
      payer,
      finePercent: "2.00",
      monthlyInterestPercent: "1.00",
    },
  ],
};
