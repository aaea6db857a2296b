// The partner's side of the scale-out test: plain HTTP calls to an app instance, as in the README.

export type ApiAnswer = { status: number; json: Record<string, unknown> };

const REGISTER_NUMBER = "100000";
const OPERATION = "MEDICAL-CIVIL-LIABILITY-PARTNER";

export async function callApi(
  base: string,
  key: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      "Ocp-Apim-Subscription-Key": key,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    json = { text };
  }
  return { status: response.status, json };
}

function expectOk(step: string, answer: ApiAnswer): Record<string, unknown> {
  if (answer.status !== 200) throw new Error(`${step}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

const a = (code: string, answer: unknown) => ({ code, answer });

function medicalAnswers(insuredName: string) {
  const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  return [
    a("MODALITY", "MEDICAL-CIVIL-LIABILITY"),
    a("PERSON-TYPE", "NATURAL"),
    a("CONGENER", "NEW"),
    a("START-VIGENCY-DATE", start),
    a("IDENTITY", "529.982.247-25"),
    a("INSURED-NAME", insuredName),
    a("INSURED-EMAIL", "maria@example.com"),
    a("INSURED-CELLPHONE", "(11) 98765-4321"),
    a("INSURED-ADDRESS-ZIPCODE", "01310-100"),
    a("INSURED-ADDRESS-STREET", "Avenida Paulista"),
    a("INSURED-ADDRESS-NUMBER", "1000"),
    a("INSURED-ADDRESS-COMPLEMENT", ""),
    a("INSURED-ADDRESS-NEIGHBORHOOD", "Bela Vista"),
    a("INSURED-ADDRESS-CITY", "São Paulo"),
    a("INSURED-ADDRESS-STATE", "SP"),
    a("PROFESSIONAL-REGISTER", "CRM-SP 123456"),
    a("CATEGORIES", ["NO-SURGERY"]),
    a("RESIDENT", false),
    a("CLAIMS", 0),
    a("CLAIM-EXPECTATION", false),
    a("LIMIT-DEDUCTIBLE", [[a("LIMIT", 100000), a("DEDUCTIBLE", "DEFAULT")]]),
  ];
}

type Pricing = {
  variantIdentifier: string;
  payment: { paymentOptions: { paymentType: string; installments: { identifier: string }[] }[] };
};

/**
 * Quotation → proposal → checkout for broker 100000, each step on the next instance in turn (the
 * state each one leaves must be visible to the others). Boleto, or an approved sandbox card.
 * Answers the quotation identifier.
 */
export async function checkOutNewQuotation(
  bases: string[],
  key: string,
  options: { index: number; method: "TICKET" | "CREDIT-CARD" },
): Promise<string> {
  const base = (step: number) => bases[(options.index + step) % bases.length]!;
  const quotation = expectOk(
    "quotation",
    await callApi(base(0), key, "POST", "/quotation/contracting", {
      operationCode: OPERATION,
      registerNumber: REGISTER_NUMBER,
      answers: medicalAnswers(`Segurada Escala ${options.index}`),
    }),
  ).item as { quotationIdentifier: string; pricing: Pricing[] };
  const pricing = quotation.pricing[0]!;
  const card = options.method === "CREDIT-CARD";
  const plans = pricing.payment.paymentOptions.find(
    (option) => option.paymentType === (card ? "CreditCard" : "Ticket"),
  )!.installments;
  const plan = plans[Math.min(1, plans.length - 1)]!;
  expectOk(
    "proposal",
    await callApi(base(1), key, "POST", "/quotation/proposal", {
      identifier: quotation.quotationIdentifier,
      registerNumber: REGISTER_NUMBER,
      operationCode: OPERATION,
      answers: [
        a("PAYMENT-METHOD", card ? "CREDIT-CARD" : "TICKET"),
        ...(card ? [] : [a("DUE-DAY", 10)]),
        a("SELECTED-VARIANT-IDENTIFIER", pricing.variantIdentifier),
        a("PAYMENT-INSTALLMENT-IDENTIFIER", plan.identifier),
      ],
    }),
  );
  expectOk(
    "checkout",
    await callApi(base(2), key, "POST", "/checkout", {
      registerNumber: REGISTER_NUMBER,
      quotationIdentifier: quotation.quotationIdentifier,
      ...(card
        ? {
            creditCard: {
              number: options.index % 4 === 1 ? "4111111111111111" : "5555555555554444",
              name: "MARIA DA SILVA",
              identity: "111.444.777-35",
              cvv: "123",
              expiryMonth: 12,
              expiryYear: new Date().getUTCFullYear() + 3,
              useCustomerAddress: true,
            },
          }
        : {}),
    }),
  );
  return quotation.quotationIdentifier;
}

export type RawAnswer = { status: number; text: string; headers: Headers };

/** A quotation creation with an Idempotency-Key, answered as sent (status, body bytes, headers). */
export async function createQuotationWithKey(
  base: string,
  key: string,
  idempotencyKey: string,
  insuredName: string,
): Promise<RawAnswer> {
  const response = await fetch(`${base}/api/v1/quotation/contracting`, {
    method: "POST",
    headers: {
      "Ocp-Apim-Subscription-Key": key,
      "Content-Type": "application/json",
      "Idempotency-Key": idempotencyKey,
    },
    body: JSON.stringify({
      operationCode: OPERATION,
      registerNumber: REGISTER_NUMBER,
      answers: medicalAnswers(insuredName),
    }),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** One policy-list call (the endpoint limited to 10 calls per 20 s per key). */
export async function listPolicies(base: string, key: string): Promise<number> {
  return (await callApi(base, key, "GET", `/policy/${REGISTER_NUMBER}/all?itemsPerPage=1`)).status;
}
