import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { CatalogueTables } from "@/components/api-docs/catalogue-tables";
import { ApiReferenceMount } from "@/components/api-docs/viewer-mount";
import { API_VERSION } from "@/lib/api/version";
import { listCatalogueTables } from "@/lib/api-docs/catalogue-reference";
import { listErrorCodes, listLimits, REFERENCE_GUIDE } from "@/lib/api-docs/reference";

export const metadata: Metadata = { title: "API reference" };

/** `code` spans of a markdown cell as <code>. */
function inline(text: string): ReactNode[] {
  let offset = 0;
  let isCode = false;
  return text
    .replaceAll("\\|", "|")
    .split("`")
    .map((part) => {
      const node = isCode ? <code key={offset}>{part}</code> : part;
      offset += part.length + 1;
      isCode = !isCode;
      return node;
    });
}

/**
 * The public API reference (no session): the OpenAPI document in Swagger UI, served from this
 * origin under the page's CSP nonce, beside the curl flow, limits, error codes and webhooks.
 */
export default async function ApiReferencePage() {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const guide = REFERENCE_GUIDE;
  const limits = listLimits();
  const errors = listErrorCodes();
  return (
    <main className="api-docs" lang="en" style={{ maxWidth: 1200, margin: "0 auto", padding: "1.5rem" }}>
      <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
      <h1>Broker portal API reference</h1>
      <p>
        Version <code data-testid="api-version">{API_VERSION}</code>; what changed in each version is in the
        repository's <code>docs/changelog.md</code>.
      </p>
      <p>
        Base URL <code>/api</code>. Every call carries <code>Ocp-Apim-Subscription-Key</code>. The
        machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
      </p>
      <nav aria-label="On this page">
        <ul>
          <li>
            <a href="#getting-started">Getting started (curl)</a>
          </li>
          <li>
            <a href="#limits">Limits</a>
          </li>
          <li>
            <a href="#error-codes">Error codes</a>
          </li>
          <li>
            <a href="#webhooks">Webhooks</a>
          </li>
          <li>
            <a href="#sandbox">Sandbox</a>
          </li>
          <li>
            <a href="#catalogue">Products and their questions</a>
          </li>
          <li>
            <a href="#endpoints">Endpoints</a>
          </li>
        </ul>
      </nav>

      <section id="getting-started" aria-labelledby="getting-started-title">
        <h2 id="getting-started-title">Getting started (curl)</h2>
        {guide.curl.map((block, index) => (
          <pre key={`curl-${index.toString()}`} className="code">
            <code>{block.code}</code>
          </pre>
        ))}
        <pre className="code">
          <code>{`# usage of your key per day (default: this month, São Paulo days)
curl -s -H "Ocp-Apim-Subscription-Key: $KEY" "localhost:3000/api/v1/metrics?from=$(date -u +%Y-%m-01)&to=$(date -u +%F)"`}</code>
        </pre>
      </section>

      <section id="limits" aria-labelledby="limits-title">
        <h2 id="limits-title">Limits</h2>
        <p>
          Checked in this order; the first one spent answers. Every answer after the key check carries{" "}
          <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>; 403
          and 429 carry <code>Retry-After</code>.
        </p>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Limit</th>
                <th scope="col">Applies to</th>
                <th scope="col">Allowed</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {limits.map((row) => (
                <tr key={row.limit}>
                  <td>{inline(row.limit)}</td>
                  <td>{row.appliesTo}</td>
                  <td>{row.allowed}</td>
                  <td>{row.answer}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section id="error-codes" aria-labelledby="error-codes-title">
        <h2 id="error-codes-title">Error codes</h2>
        <p>
          Business errors:{" "}
          <code>{"{ success: false, executed, errors: [{ code, message, properties? }] }"}</code>. Gateway
          answers (401, 403, 429): <code>{"{ statusCode, message }"}</code>.
        </p>
        <div className="table-wrap">
          <table className="table" data-testid="error-codes">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col" className="num">
                  HTTP status
                </th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((row) => (
                <tr key={`${row.code}-${row.when}`}>
                  <td>
                    <code>{row.code}</code>
                  </td>
                  <td className="num">{row.status}</td>
                  <td>{row.when}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section id="webhooks" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhooks</h2>
        <p>
          Standard Webhooks POSTs with <code>{"{ type, timestamp, data }"}</code>; <code>data</code> holds
          identifiers and <code>links</code> to the lookups. Webhooks are notifications: reconcile with the
          lookup.
        </p>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">When</th>
                <th scope="col">Data</th>
              </tr>
            </thead>
            <tbody>
              {guide.webhookEvents.map((row) => (
                <tr key={row.type}>
                  <td>{inline(row.type)}</td>
                  <td>{inline(row.when)}</td>
                  <td>{inline(row.data)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3>Verifying a signature</h3>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Header</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {guide.signatureHeaders.map(([header = "", value = ""]) => (
                <tr key={header}>
                  <td>{inline(header)}</td>
                  <td>{inline(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {guide.verifyExamples.map((block, index) => (
          <pre key={`verify-${index.toString()}`} className="code">
            <code>{block.code}</code>
          </pre>
        ))}
      </section>

      <section id="sandbox" aria-labelledby="sandbox-title">
        <h2 id="sandbox-title">Sandbox</h2>
        <p>
          With <code>SANDBOX=on</code> (the default outside production) the sandbox gateway&apos;s test cards
          decide what a card does, and three endpoints move one of your policies as the bank, the card charge
          and the daily jobs would, through the same services, so the same events reach your webhooks and the
          events feed. Off, they answer <code>404 ROUTE-NOT-FOUND</code>.
        </p>
        <h3>Test cards</h3>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Card number</th>
                <th scope="col">At checkout</th>
                <th scope="col">Later installments</th>
              </tr>
            </thead>
            <tbody>
              {guide.sandbox.testCards.map(([card = "", checkout = "", later = ""]) => (
                <tr key={card}>
                  <td>{inline(card)}</td>
                  <td>{inline(checkout)}</td>
                  <td>{inline(later)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3>Sandbox endpoints</h3>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Endpoint</th>
                <th scope="col">Body</th>
                <th scope="col">What it does</th>
                <th scope="col">Event</th>
              </tr>
            </thead>
            <tbody>
              {guide.sandbox.endpoints.map(([endpoint = "", body = "", does = "", event = ""]) => (
                <tr key={endpoint}>
                  <td>{inline(endpoint)}</td>
                  <td>{inline(body)}</td>
                  <td>{inline(does)}</td>
                  <td>{inline(event)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3>A worked example</h3>
        {guide.sandbox.example.map((block, index) => (
          <pre key={`sandbox-${index.toString()}`} className="code">
            <code>{block.code}</code>
          </pre>
        ))}
      </section>

      <section id="catalogue" aria-labelledby="catalogue-title">
        <h2 id="catalogue-title">Products and their questions</h2>
        <p>
          Generated from the catalogue that evaluates the answers, as <code>GET /api/v1/catalogue</code> and{" "}
          <code>GET /api/v1/catalogue/{"{operationCode}"}</code> answer it. Send each answer as{" "}
          <code>{"{ code, answer }"}</code>; an answer to a question whose condition does not hold is ignored.
          A 400 <code>ANSWERS-NOT-EVALUATED</code> lists every offending code in its first error, then one
          error per answer saying whether it is missing or invalid.
        </p>
        <CatalogueTables products={listCatalogueTables()} />
      </section>

      <section id="endpoints" aria-labelledby="endpoints-title">
        <h2 id="endpoints-title">Endpoints</h2>
        <ApiReferenceMount />
        <noscript>
          The interactive reference needs JavaScript; the document is at{" "}
          <a href="/api/openapi.json">/api/openapi.json</a>.
        </noscript>
      </section>
      <script src="/docs/assets/swagger-ui-bundle.js" nonce={nonce} defer />
      <script src="/docs/assets/init.js" nonce={nonce} defer />
    </main>
  );
}
