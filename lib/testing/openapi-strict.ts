import Ajv2020, { type ErrorObject } from "ajv/dist/2020.js";

type Json = unknown;

const COMPOSITIONS = ["allOf", "anyOf", "oneOf"] as const;
/** Keywords whose value maps names to schemas (the map itself is no schema). */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

function isOpenObjectSchema(schema: Record<string, Json>): boolean {
  const describesObject =
    schema.properties !== undefined || COMPOSITIONS.some((keyword) => schema[keyword] !== undefined);
  const { type } = schema;
  const mayBeObject =
    type === undefined || type === "object" || (Array.isArray(type) && type.includes("object"));
  return (
    describesObject &&
    mayBeObject &&
    schema.additionalProperties === undefined &&
    schema.unevaluatedProperties === undefined
  );
}

/**
 * The document with every object schema closed: `unevaluatedProperties: false` wherever a schema
 * names `properties` and says nothing about others, so that a field the document does not describe
 * fails validation. An `allOf` member is left open (its holder is closed instead): a closed member
 * would refuse its siblings' fields. A `$ref`'d component used inside an `allOf` would need the
 * same care; the document has none today.
 */
export function closeObjectSchemas<T>(document: T): T {
  const copy = structuredClone(document) as Json;
  const visit = (node: Json, insideAllOf: boolean): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, insideAllOf);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const schema = node as Record<string, Json>;
    if (!insideAllOf && isOpenObjectSchema(schema)) schema.unevaluatedProperties = false;
    for (const [key, value] of Object.entries(schema)) {
      if (SCHEMA_MAPS.has(key) && value && typeof value === "object") {
        for (const member of Object.values(value)) visit(member, false);
      } else {
        visit(value, key === "allOf");
      }
    }
  };
  visit(copy, false);
  return copy as T;
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

export type ResponseCheck = { valid: boolean; errors: ErrorObject[] | null | undefined; found: boolean };

/**
 * Validates answers against an OpenAPI 3.1 document's JSON response schemas, closed (see
 * `closeObjectSchemas`): `check(path, method, status, body)`.
 */
export function strictResponseValidator(document: object) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(closeObjectSchemas(document), "openapi");
  return (path: string, method: string, status: number | string, body: unknown): ResponseCheck => {
    const validate = ajv.getSchema(
      `openapi#/${pointer("paths", path, method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`,
    );
    if (!validate) return { valid: false, errors: undefined, found: false };
    const valid = validate(body) as boolean;
    return { valid, errors: validate.errors, found: true };
  };
}
