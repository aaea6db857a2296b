import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { processSingleton } from "@/lib/process/registry";

/** Resolves a host name to its addresses (all of them, IPv4 and IPv6). */
export type Resolver = (hostname: string) => Promise<string[]>;

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

const state = processSingleton("webhook-resolver", (): { resolver?: Resolver } => ({}));

function resolver(): Resolver {
  return state.resolver ?? systemResolver;
}

/** Tests make a host resolve to chosen addresses (10.x, 169.254.x) without a DNS server. */
export function useResolverForTesting(fake: Resolver | undefined): void {
  state.resolver = fake;
}

/** Why a URL cannot receive webhooks; `message` is shown to the broker's admin (pt-BR). */
export type UrlRefusal = {
  code: "invalid" | "scheme" | "credentials" | "unresolvable" | "address";
  message: string;
};

const RANGE_TEXT: Record<string, string> = {
  private: "rede privada",
  uniqueLocal: "rede privada",
  loopback: "loopback",
  linkLocal: "link-local",
  multicast: "multicast",
  broadcast: "broadcast",
  unspecified: "não especificado",
  carrierGradeNat: "rede privada da operadora",
  reserved: "reservado",
};

/**
 * Where an address lies: `unicast` (public) or the special range it belongs to (ipaddr.js's
 * names). IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
 */
export function addressRange(address: string): string {
  return ipaddr.process(address).range();
}

/**
 * Public unicast addresses only, plus loopback when `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK=1):
 * private, link-local (cloud metadata at 169.254.169.254 among them), multicast, carrier NAT,
 * reserved and every other special range are refused (domain.md §13).
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const range = addressRange(address);
  return range === "unicast" || (allowLoopback && range === "loopback");
}

/** The host of a URL as the resolver and the socket want it (IPv6 literals lose their brackets). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** The shape rules: an absolute http(s) URL, https unless loopback is allowed, no credentials. */
function checkShape(text: string, allowLoopback: boolean): URL | UrlRefusal {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { code: "invalid", message: "Informe uma URL completa, como https://exemplo.com.br/webhooks." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { code: "scheme", message: "Use uma URL https://." };
  }
  if (url.protocol === "http:" && !allowLoopback) {
    return {
      code: "scheme",
      message: "Use uma URL https:// (http só é aceito em desenvolvimento, para loopback).",
    };
  }
  if (url.username || url.password) {
    return { code: "credentials", message: "A URL não pode conter usuário ou senha." };
  }
  return url;
}

export type ResolvedTarget = { url: URL; host: string; address: string };

/**
 * Checks a webhook URL and resolves the address to connect to (domain.md §13), at creation and
 * again before every attempt: every address the host resolves to must be allowed (a host with one
 * private address among public ones is refused), and the delivery connects to the address checked
 * here, never resolving again (no DNS-rebinding window). http:// is accepted only to loopback and
 * only with WEBHOOK_ALLOW_LOOPBACK=1.
 */
export async function resolveWebhookTarget(
  text: string,
  options: { allowLoopback: boolean },
): Promise<ResolvedTarget | UrlRefusal> {
  const url = checkShape(text, options.allowLoopback);
  if (!(url instanceof URL)) return url;
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await resolver()(host);
    } catch {
      addresses = [];
    }
    if (!addresses.length) {
      return { code: "unresolvable", message: `Não foi possível resolver o endereço de ${host}.` };
    }
  }
  for (const address of addresses) {
    if (!ipaddr.isValid(address) || !isAllowedAddress(address, options.allowLoopback)) {
      const range = ipaddr.isValid(address) ? addressRange(address) : "inválido";
      return {
        code: "address",
        message: `Endereço não permitido: ${host} aponta para ${address} (${RANGE_TEXT[range] ?? range}).`,
      };
    }
  }
  if (url.protocol === "http:" && !addresses.every((address) => addressRange(address) === "loopback")) {
    return { code: "scheme", message: "Use uma URL https:// (http só é aceito para loopback)." };
  }
  return { url, host, address: addresses[0]! };
}

export function isRefusal(value: ResolvedTarget | UrlRefusal): value is UrlRefusal {
  return "code" in value;
}
