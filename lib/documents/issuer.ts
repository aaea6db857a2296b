/**
 * The insurer printed on every document and named as the boleto's beneficiary. Fictitious (a
 * sandbox insurer): the CNPJ is well-formed but belongs to nobody we know of.
 */
export const INSURER = {
  name: "Seguradora Exemplo S.A.",
  cnpj: "11222333000181",
  susepCode: "09999",
  address: "Av. Paulista, 1000, 10º andar – Bela Vista – São Paulo/SP – CEP 01310-100",
  contact: "SAC 0800 000 0000 · Ouvidoria 0800 000 0001",
} as const;
