import ipaddr from "ipaddr.js";

/**
 * Address allow-lists of API keys, on ipaddr.js. No Node built-ins: the key form validates the list
 * in the browser with the same rules as the server.
 */

function versionOf(address: string): 4 | 6 | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return 4;
  // No zone index (`fe80::1%eth0`): it names an interface of this machine, not a client.
  if (!address.includes("%") && ipaddr.IPv6.isValid(address)) return 6;
  return undefined;
}

/**
 * One allow-list entry as typed (`203.0.113.0/24`, `2001:db8::/32`, or a bare address, read as /32
 * or /128), in its normal form: the network address, compressed, with its prefix length
 * (`203.0.113.9/24` → `203.0.113.0/24`). Undefined when it is not a CIDR: only the standard
 * spellings are read (no `127.1`, no zone index, no leading zeros).
 */
export function normalizeCidr(text: string): string | undefined {
  const parts = text.trim().split("/");
  if (parts.length > 2) return undefined;
  const [address = "", prefixText] = parts;
  const version = versionOf(address);
  if (!version) return undefined;
  const maxPrefix = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (prefix > maxPrefix) return undefined;
  const cidr = `${address}/${prefix}`;
  const network =
    version === 4 ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return `${network.toString()}/${prefix}`;
}

/**
 * Whether `address` (as lib/http/client-address.ts's clientIp resolves it) lies in one of `cidrs`
 * (normalised). An IPv4 client also matches an IPv4-mapped IPv6 range (`::ffff:0:0/96`), and an
 * IPv4-mapped IPv6 client is read as its IPv4 address; an address that is not known ("unknown")
 * matches nothing.
 */
export function addressAllowed(address: string, cidrs: readonly string[]): boolean {
  if (!versionOf(address)) return false;
  const client = ipaddr.process(address);
  for (const cidr of cidrs) {
    let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
    try {
      range = ipaddr.parseCIDR(cidr);
    } catch {
      continue;
    }
    const [network, bits] = range;
    if (client.kind() === network.kind()) {
      if (client.match(range)) return true;
    } else if (client instanceof ipaddr.IPv4 && network instanceof ipaddr.IPv6) {
      if (client.toIPv4MappedAddress().match(network, bits)) return true;
    }
  }
  return false;
}
