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
  teredo: "Teredo",
  nat64LocalUse: "NAT64 de uso local",
};

/** The IPv6 forms that carry an IPv4 address, as the refusal names them (pt-BR). */
const CARRIER_TEXT = {
  ipv4Compatible: "IPv6 compatível com IPv4 (::/96)",
  ipv4Mapped: "IPv4 mapeado em IPv6 (::ffff:0:0/96)",
  ipv4Translated: "IPv4 traduzido, SIIT (::ffff:0:0:0/96)",
  nat64: "NAT64 (64:ff9b::/96)",
  sixToFour: "6to4 (2002::/16)",
} as const;

type Carrier = keyof typeof CARRIER_TEXT;

/**
 * How an address is judged: `range` is `unicast` (public) or the special range it lies in (ipaddr.js's
 * names, plus `teredo` and `nat64LocalUse`). For an IPv6 form that embeds an IPv4 address, `range`
 * is the embedded IPv4 address's range, and `ipv4` and `carrier` say which address and which form.
 */
export type AddressJudgement = { range: string; ipv4?: string; carrier?: Carrier };

const prefix = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);
const IPV4_COMPATIBLE = prefix("::/96");
const IPV4_MAPPED = prefix("::ffff:0:0/96");
const IPV4_TRANSLATED = prefix("::ffff:0:0:0/96");
const NAT64_WELL_KNOWN = prefix("64:ff9b::/96");
const NAT64_LOCAL_USE = prefix("64:ff9b:1::/48");
const SIX_TO_FOUR = prefix("2002::/16");
const TEREDO = prefix("2001::/32");

/**
 * Parses an address as the socket reads it. ipaddr.js reads "::a.b.c.d" as ::ffff:a.b.c.d, but it is
 * the IPv4-compatible ::/96 address (how Node, the URL parser and inet_ntop read and write ::7f00:1).
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const compatible = /^::(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (compatible && ipaddr.IPv4.isValidFourPartDecimal(compatible)) {
    const [a, b, c, d] = ipaddr.IPv4.parse(compatible).octets as [number, number, number, number];
    return new ipaddr.IPv6([0, 0, 0, 0, 0, 0, (a << 8) | b, (c << 8) | d]);
  }
  return ipaddr.parse(address);
}

function embedded(bytes: number[], from: number, carrier: Carrier): AddressJudgement {
  const ipv4 = new ipaddr.IPv4(bytes.slice(from, from + 4));
  return { range: ipv4.range(), ipv4: ipv4.toString(), carrier };
}

/**
 * The one judgement of an address, at creation (a literal host or what the name resolves to) and
 * before every delivery. Every IPv6 form that embeds an IPv4 address is judged by the IPv4 address
 * it carries, so ::7f00:1, ::ffff:a9fe:a9fe, 64:ff9b::a9fe:a9fe or 2002:a00:1:: cannot reach
 * loopback, metadata or a private network: IPv4-compatible ::a.b.c.d (::/96 but :: and ::1),
 * IPv4-mapped ::ffff:a.b.c.d, SIIT ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d (the last 32 bits) and
 * 6to4 2002:aabb:ccdd:: (bits 16..47). The local-use NAT64 prefix 64:ff9b:1::/48 (where the IPv4
 * address sits depends on the operator's prefix length) and Teredo 2001::/32 (a tunnel through a
 * relay to a client behind NAT; no webhook receiver lives there) are refused whatever they carry.
 */
export function judgeAddress(address: string): AddressJudgement {
  const parsed = parseAddress(address);
  if (parsed instanceof ipaddr.IPv4) return { range: parsed.range() };
  const v6 = parsed;
  const bytes = v6.toByteArray();
  if (v6.match(IPV4_MAPPED)) return embedded(bytes, 12, "ipv4Mapped");
  if (v6.match(IPV4_COMPATIBLE)) {
    const range = v6.range();
    // :: and ::1 are the unspecified and loopback addresses, not IPv4 0.0.0.0 and 0.0.0.1.
    return range === "unspecified" || range === "loopback"
      ? { range }
      : embedded(bytes, 12, "ipv4Compatible");
  }
  if (v6.match(IPV4_TRANSLATED)) return embedded(bytes, 12, "ipv4Translated");
  if (v6.match(NAT64_WELL_KNOWN)) return embedded(bytes, 12, "nat64");
  if (v6.match(NAT64_LOCAL_USE)) return { range: "nat64LocalUse" };
  if (v6.match(SIX_TO_FOUR)) return embedded(bytes, 2, "sixToFour");
  if (v6.match(TEREDO)) return { range: "teredo" };
  return { range: v6.range() };
}

/** The range an address is judged by (judgeAddress): `unicast` (public) or a special range. */
export function addressRange(address: string): string {
  return judgeAddress(address).range;
}

/**
 * Public unicast addresses only, plus loopback when `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK=1):
 * private, link-local (cloud metadata at 169.254.169.254 among them), multicast, carrier NAT,
 * reserved and every other special range are refused, also when embedded in IPv6.
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const range = addressRange(address);
  return range === "unicast" || (allowLoopback && range === "loopback");
}

/** Why an address is refused, for the message: its range, and the IPv4 address an IPv6 form carried. */
function refusalReason(address: string): string {
  if (!ipaddr.isValid(address)) return "inválido";
  const { range, ipv4, carrier } = judgeAddress(address);
  const text = RANGE_TEXT[range] ?? range;
  return ipv4 && carrier ? `${text}: IPv4 ${ipv4} em ${CARRIER_TEXT[carrier]}` : text;
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
 * Checks a webhook URL and resolves the address to connect to, at creation and
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
      return {
        code: "address",
        message: `Endereço não permitido: ${host} aponta para ${address} (${refusalReason(address)}).`,
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
