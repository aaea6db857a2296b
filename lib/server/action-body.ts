/**
 * Whether the body of a Server Action call (a POST with the `Next-Action` header) is a well-formed
 * React reply, checked before Next decodes it: Next answers a plain 500 when decoding fails (a
 * reference to a form part that is not there, `["$B1"]`; JSON that does not parse), which is the
 * caller's fault, not the server's. This checks the shape only, not the action's arguments.
 *
 * The reply is JSON; a string starting with `$` is a tag: a value (`$undefined`, `$NaN`, a date,
 * a bigint…) or a reference to another part of a multipart body, by hexadecimal id. A text body has
 * no other part, so any reference in it is malformed. Server references, typed arrays and streams
 * are never arguments of this portal's actions and are refused.
 */
type Part = string | Blob | undefined;

const MAX_DEPTH = 64;
const MAX_PARTS = 256;
const VALUE_TAGS = new Set(["$undefined", "$NaN", "$Infinity", "$-Infinity", "$-0"]);
/** Tags whose part holds more JSON of the reply: promise, Map, Set, iterator, or a bare reference. */
const JSON_PART_TAGS = new Set(["@", "Q", "W", "i", ""]);
const HEX = /^[0-9a-f]+$/;

/** Every check below throws this way; isWellFormedActionBody turns any throw into `false`. */
function malformed(reason: string): Error {
  return new Error(`malformed Server Action body: ${reason}`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw malformed("not JSON");
  }
}

function checkReply(root: string, part: (id: string) => Part, multipart: boolean): void {
  const visited = new Set<string>();

  const checkTag = (tag: string, depth: number): void => {
    if (tag.startsWith("$$") || VALUE_TAGS.has(tag)) return;
    const kind = tag[1] ?? "";
    const rest = tag.slice(2);
    if (kind === "D") return;
    if (kind === "n" && /^-?\d+$/.test(rest)) return;
    if (kind === "T") return;
    if (!multipart) throw malformed(`reference ${tag} in a text body`);
    if (kind === "K" && HEX.test(rest)) return;
    if (kind === "B" && HEX.test(rest)) {
      if (!(part(rest) instanceof Blob)) throw malformed(`blob ${rest} missing`);
      return;
    }
    const [type, id] = HEX.test(tag.slice(1)) ? ["", tag.slice(1)] : [kind, rest];
    if (!JSON_PART_TAGS.has(type) || !HEX.test(id)) throw malformed(`unsupported tag ${tag}`);
    if (visited.has(id)) return;
    visited.add(id);
    if (visited.size > MAX_PARTS) throw malformed("too many parts");
    const text = part(id);
    if (typeof text !== "string") throw malformed(`part ${id} missing`);
    walk(parseJson(text), depth + 1);
  };

  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) throw malformed("too deep");
    if (typeof value === "string") {
      if (value.startsWith("$")) checkTag(value, depth);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
    } else if (value && typeof value === "object") {
      for (const item of Object.values(value)) walk(item, depth + 1);
    }
  };

  const args = parseJson(root);
  // The root is the action's argument list.
  if (!Array.isArray(args)) throw malformed("arguments are not a list");
  walk(args, 0);
}

/** Whether `body`, sent with `contentType`, is a reply Next can decode (see above). */
export async function isWellFormedActionBody(
  contentType: string | undefined,
  body: Buffer,
): Promise<boolean> {
  try {
    if (contentType?.toLowerCase().startsWith("multipart/form-data")) {
      const form = await new Response(new Uint8Array(body), {
        headers: { "content-type": contentType },
      }).formData();
      const root = form.get("0");
      if (typeof root !== "string") return false;
      checkReply(root, (id) => form.get(id) ?? undefined, true);
    } else {
      checkReply(body.toString("utf8"), () => undefined, false);
    }
    return true;
  } catch {
    return false;
  }
}
