import { describe, expect, it } from "vitest";
import { endpointFieldErrors, endpointFormValues, webhookEndpointFormSchema } from "./endpoint-schema";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the webhook endpoint form (browser and Server Action)", () => {
  it("reads the checked events in catalogue order, and the Ativo box when editing", () => {
    const values = endpointFormValues(
      form([
        ["url", " https://hooks.partner.com.br/in "],
        ["eventTypes", "policy.expired"],
        ["eventTypes", "checkout.issued"],
      ]),
      { withEnabled: true },
    );
    expect(webhookEndpointFormSchema.parse(values)).toEqual({
      url: "https://hooks.partner.com.br/in",
      eventTypes: ["checkout.issued", "policy.expired"],
      enabled: false,
    });
  });

  it("names the field of every bad input", () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ url: "", eventTypes: ["checkout.issued"] }, { url: "Informe a URL do endpoint." }],
      [
        { url: "https://a.com/\u0000", eventTypes: ["checkout.issued"] },
        { url: "O texto contém caracteres não permitidos." },
      ],
      [
        { url: "ftp://a.com/x", eventTypes: ["checkout.issued"] },
        { url: expect.stringContaining("https://") },
      ],
      [
        { url: `https://a.com/${"x".repeat(2000)}`, eventTypes: ["checkout.issued"] },
        { url: expect.stringContaining("2.000") },
      ],
      [{ url: "https://a.com/x", eventTypes: [] }, { eventTypes: "Escolha ao menos um evento." }],
      [{ url: "https://a.com/x", eventTypes: ["webhook.test"] }, { eventTypes: expect.any(String) }],
      [
        { url: "https://a.com/x", eventTypes: "checkout.issued" },
        { eventTypes: "Escolha eventos da lista." },
      ],
    ];
    for (const [input, errors] of cases) {
      const parsed = webhookEndpointFormSchema.safeParse(input);
      expect(parsed.success, JSON.stringify(input).slice(0, 60)).toBe(false);
      expect(endpointFieldErrors(parsed.error!)).toEqual(errors);
    }
  });
});
