import { generateCnpj, generateCpf } from "@brazilian-utils/brazilian-utils";
import type { Address } from "@/db/schema/quotations";
import { normalizeIdentity } from "@/lib/identity";

export const FIRST_NAMES = [
  "João",
  "José",
  "Antônio",
  "Francisco",
  "Carlos",
  "Paulo",
  "Lucas",
  "Luís",
  "Marcos",
  "Gabriel",
  "Rafael",
  "Fábio",
  "Sérgio",
  "Márcio",
  "André",
  "Vinícius",
  "Caio",
  "Otávio",
  "Maria",
  "Ana",
  "Francisca",
  "Antônia",
  "Adriana",
  "Juliana",
  "Márcia",
  "Fernanda",
  "Patrícia",
  "Aline",
  "Letícia",
  "Cecília",
  "Lúcia",
  "Mônica",
  "Débora",
  "Bárbara",
  "Flávia",
  "Tânia",
  "Conceição",
  "Irene",
  "Sônia",
  "Beatriz",
];
export const SURNAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Ribeiro",
  "Carvalho",
  "Araújo",
  "Gonçalves",
  "Fernandes",
  "Martins",
  "Rocha",
  "Barbosa",
  "Conceição",
  "Mendonça",
  "Magalhães",
  "Brandão",
  "Simões",
  "Falcão",
  "Damasceno",
  "Assunção",
  "Romão",
  "Estêvão",
];
const COMPANY_WORDS = {
  medical: ["Clínica", "Hospital", "Centro Médico", "Policlínica", "Laboratório"],
  dentist: ["Odontologia", "Clínica Odontológica", "Sorriso", "Odonto"],
  broker: ["Corretora de Seguros", "Consultoria em Seguros", "Seguros e Benefícios"],
  company: ["Indústria", "Comércio", "Tecnologia", "Participações", "Engenharia", "Logística"],
};
const PLACES = [
  "São Lucas",
  "Santa Luzia",
  "Bela Vista",
  "São José",
  "Ipiranga",
  "Paraíso",
  "Boa Esperança",
  "Jardim América",
  "Aliança",
  "Horizonte",
];
const CITIES = [
  { city: "São Paulo", state: "SP", zip: "01310" },
  { city: "Rio de Janeiro", state: "RJ", zip: "22041" },
  { city: "Belo Horizonte", state: "MG", zip: "30130" },
  { city: "Curitiba", state: "PR", zip: "80010" },
  { city: "Porto Alegre", state: "RS", zip: "90010" },
  { city: "Salvador", state: "BA", zip: "40020" },
  { city: "Recife", state: "PE", zip: "50030" },
  { city: "Goiânia", state: "GO", zip: "74003" },
  { city: "Florianópolis", state: "SC", zip: "88010" },
  { city: "Fortaleza", state: "CE", zip: "60025" },
];
const STREETS = [
  "Rua das Flores",
  "Avenida Paulista",
  "Rua XV de Novembro",
  "Avenida Brasil",
  "Rua São João",
  "Alameda Santos",
  "Rua Augusta",
  "Avenida Getúlio Vargas",
];

/** A small seeded PRNG (mulberry32): the same seed gives the same demo data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
  };
}
export type Random = ReturnType<typeof createRandom>;

export type DemoInsured = {
  name: string;
  identity: string;
  email: string;
  phone: string;
  address: Address;
};

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");
}

function address(random: Random): Address {
  const place = random.pick(CITIES);
  return {
    zipCode: `${place.zip}${String(random.int(0, 999)).padStart(3, "0")}`,
    street: random.pick(STREETS),
    number: String(random.int(10, 3000)),
    complement: random.chance(0.4) ? `Sala ${random.int(1, 120)}` : "",
    neighborhood: random.pick([
      "Centro",
      "Jardins",
      "Boa Viagem",
      "Savassi",
      "Batel",
      "Moinhos de Vento",
      "Pituba",
    ]),
    city: place.city,
    state: place.state,
  };
}

/** A person (CPF) or a company (CNPJ) with pt-BR name, contact and address. */
export function demoInsured(
  random: Random,
  personType: "NATURAL" | "LEGAL",
  kind: keyof typeof COMPANY_WORDS,
): DemoInsured {
  if (personType === "NATURAL") {
    const name = `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)} ${random.pick(SURNAMES)}`;
    return {
      name,
      identity: normalizeIdentity(generateCpf()),
      email: `${slug(name)}@exemplo.com.br`,
      phone: `119${random.int(10000000, 99999999)}`,
      address: address(random),
    };
  }
  const name = `${random.pick(COMPANY_WORDS[kind])} ${random.pick(PLACES)} ${random.pick(["Ltda", "S.A.", "EIRELI", "ME"])}`;
  return {
    name,
    identity: normalizeIdentity(generateCnpj()),
    email: `contato@${slug(name).replace(/\./g, "")}.com.br`,
    phone: `213${random.int(1000000, 9999999)}`,
    address: address(random),
  };
}
