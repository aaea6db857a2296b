import captured from "./examples.generated.json" with { type: "json" };

/**
 * Each operation's example answer, by operationId: the first 2xx body the contract suite received
 * (e2e/api/typed-client.spec.ts with E2E_CAPTURE_EXAMPLES=1 writes the file; `npm run
 * api:examples` runs it). Real answers, identifiers as they came. lib/api/examples.test.ts fails
 * when an operation has none or one no longer matches its response schema.
 */
export const EXAMPLES_PATH = "lib/api/examples.generated.json";

export const OPERATION_EXAMPLES: Readonly<Record<string, unknown>> = captured;

/** The example of an operation's success answer, if one was captured. */
export function exampleOf(operationId: string): unknown {
  return Object.hasOwn(OPERATION_EXAMPLES, operationId) ? OPERATION_EXAMPLES[operationId] : undefined;
}
