import { expect } from "@playwright/test";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { EVENT_TYPES } from "@/lib/events/types";
import { eventFeedResponseSchema, type FeedEventWire } from "@/lib/schemas/events";
import { proposalResultSchema } from "@/lib/schemas/proposal";
import { ApiClient, expectApiError, expectGateway, expectSuccess, test } from "../support/api";
import {
  creditCard,
  proposalAnswers,
  proposalBody,
  quotationReadyForCheckout,
  TEST_CARDS,
  uniqueInsuredName,
  waitForIssuedPolicy,
} from "../support/api-flows";

/** The events feed over HTTP (docs/webhooks.md, "Events feed"): the webhooks' events, in commit order. */
const FEED = "/api/v1/events";
const CHECKOUT = "/api/v1/checkout";

test.describe.configure({ mode: "serial" });

async function page(api: ApiClient, query = "", registerNumber = "100000") {
  return expectSuccess(await api.get(`${FEED}/${registerNumber}${query}`), eventFeedResponseSchema);
}

/** Reads the feed from `after` to its end (pages of 500); returns every event read. */
async function readToEnd(
  api: ApiClient,
  after?: string,
  registerNumber = "100000",
): Promise<FeedEventWire[]> {
  const read: FeedEventWire[] = [];
  let cursor = after;
  for (;;) {
    const answer = await page(api, `?limit=500${cursor ? `&after=${cursor}` : ""}`, registerNumber);
    read.push(...answer.list);
    cursor = answer.list.at(-1)?.id ?? cursor;
    if (!answer.hasMore) return read;
  }
}

/** Polls the feed from `after` (on state, slowly enough for the feed's window) until `accept` holds. */
async function waitForEvents(
  api: ApiClient,
  after: string | undefined,
  accept: (events: FeedEventWire[]) => boolean,
  message: string,
): Promise<FeedEventWire[]> {
  let events: FeedEventWire[] = [];
  await expect
    .poll(
      async () => {
        events = await readToEnd(api, after);
        return accept(events);
      },
      { timeout: 30_000, intervals: [500, 1_000, 2_000, 3_000], message },
    )
    .toBe(true);
  return events;
}

let start: string | undefined;
let quotationId: string;
let ours: FeedEventWire[] = [];

test("a checkout declined and then issued: its events in the feed, in order, as the webhooks carry them", async ({
  request,
  keys,
}) => {
  const api = new ApiClient(request, keys.events);
  // Where the feed ends now: the events of this test come after it.
  start = (await readToEnd(api)).at(-1)?.id;

  const name = uniqueInsuredName("Contrato Eventos");
  const { quotation } = await quotationReadyForCheckout(api, "100000", { method: "CREDIT-CARD", name });
  quotationId = quotation.quotationIdentifier;
  expectSuccess(
    await api.post(CHECKOUT, {
      registerNumber: "100000",
      quotationIdentifier: quotationId,
      creditCard: creditCard(TEST_CARDS.declined),
    }),
    startCheckoutEndpoint.response,
  );
  const mine = (events: FeedEventWire[]) =>
    events.filter((event) => event.data.quotationIdentifier === quotationId);
  await waitForEvents(api, start, (events) => mine(events).length === 1, "checkout.declined in the feed");

  const proposal = await api.post(
    "/api/v1/quotation/proposal",
    proposalBody(quotationId, "100000", proposalAnswers(quotation.pricing[0]!, "CREDIT-CARD")),
  );
  expectSuccess(proposal, proposalResultSchema);
  expectSuccess(
    await api.post(CHECKOUT, {
      registerNumber: "100000",
      quotationIdentifier: quotationId,
      creditCard: creditCard(),
    }),
    startCheckoutEndpoint.response,
  );
  const policy = await waitForIssuedPolicy(api, "100000", name);
  const events = await waitForEvents(
    api,
    start,
    (read) => mine(read).length === 3,
    "checkout.issued and the first installment's payment in the feed",
  );
  ours = mine(events);

  // A card plan's first installment is charged at issuance: its payment follows the issuance.
  expect(ours.map((event) => event.type)).toEqual([
    "checkout.declined",
    "checkout.issued",
    "installment.paid",
  ]);
  const [declined, issued] = ours;
  expect(declined!.data).toMatchObject({
    registerNumber: "100000",
    quotationIdentifier: quotationId,
    status: "Declined",
  });
  expect(declined!.data.reason).toBeTruthy();
  expect(declined!.data.links.policy).toBeNull();
  expect(issued!.data).toMatchObject({
    registerNumber: "100000",
    quotationIdentifier: quotationId,
    policyNumber: policy.policyNumber,
    status: "Issued",
  });
  expect(issued!.data.links.quotation).toMatch(new RegExp(`/api/v1/quotation/100000/${quotationId}$`));
  expect(issued!.data.links.policy).toMatch(new RegExp(`/api/v1/policy/100000/${policy.policyNumber}$`));
  expect(Date.parse(issued!.timestamp)).toBeGreaterThanOrEqual(Date.parse(declined!.timestamp));
  // Each event once, whatever else the broker did meanwhile.
  expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
});

test("pages one event at a time with after and limit=1, hasMore until the end", async ({ request, keys }) => {
  const api = new ApiClient(request, keys.events);
  const whole = await page(api, `?limit=20${start ? `&after=${start}` : ""}`);
  expect(whole.list.length).toBeGreaterThanOrEqual(2);
  const walked: string[] = [];
  let cursor = start;
  while (walked.length < whole.list.length) {
    const one = await page(api, `?limit=1${cursor ? `&after=${cursor}` : ""}`);
    expect(one.list).toHaveLength(1);
    walked.push(one.list[0]!.id);
    cursor = one.list[0]!.id;
    if (walked.length < whole.list.length) expect(one.hasMore).toBe(true);
  }
  // Events that commit meanwhile come after these: the walk repeats the big page exactly.
  expect(walked).toEqual(whole.list.map((event) => event.id));
});

test("filters by type, one or comma-separated", async ({ request, keys }) => {
  const api = new ApiClient(request, keys.events);
  const after = start ? `&after=${start}` : "";
  const issued = await page(api, `?type=checkout.issued${after}`);
  expect(issued.list.length).toBeGreaterThan(0);
  expect(new Set(issued.list.map((event) => event.type))).toEqual(new Set(["checkout.issued"]));
  expect(issued.list.map((event) => event.id)).toContain(ours[1]!.id);
  expect(issued.list.map((event) => event.id)).not.toContain(ours[0]!.id);
  const both = await page(api, `?type=checkout.declined,checkout.issued${after}`);
  const ids = both.list.map((event) => event.id);
  expect(ids.indexOf(ours[0]!.id)).toBeGreaterThanOrEqual(0);
  expect(ids.indexOf(ours[0]!.id)).toBeLessThan(ids.indexOf(ours[1]!.id));
});

test("another broker's key: refused on this broker's feed; its own feed holds none of these events", async ({
  request,
  keys,
}) => {
  const other = new ApiClient(request, keys.eventsOther);
  expectApiError(await other.get(`${FEED}/100000`), 400, ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR"]);
  const foreign = await other.get(`${FEED}/200000?after=${ours[1]!.id}`);
  const unknown = await other.get(`${FEED}/200000?after=00000000-0000-4000-8000-000000000000`);
  expectApiError(foreign, 400, ["EVENT-NOT-FOUND"], ["after"]);
  expectApiError(unknown, 400, ["EVENT-NOT-FOUND"], ["after"]);
  expect(foreign.json.errors).toEqual(unknown.json.errors);
  const theirs = await readToEnd(other, undefined, "200000");
  const ids = new Set(theirs.map((event) => event.id));
  for (const event of ours) expect(ids.has(event.id)).toBe(false);
  for (const event of theirs) expect(event.data.registerNumber).toBe("200000");
});

test("validation: limit, after, type and unknown parameters are 400 INVALID-FORM-FIELD; no key is 401", async ({
  request,
  keys,
}) => {
  const api = new ApiClient(request, keys.events);
  for (const [query, property] of [
    ["?limit=0", "limit"],
    ["?limit=501", "limit"],
    ["?limit=ten", "limit"],
    ["?after=not-an-event", "after"],
    ["?type=checkout.isued", "type"],
    ["?stauts=x", "stauts"],
  ] as const) {
    expectApiError(await api.get(`${FEED}/100000${query}`), 400, ["INVALID-FORM-FIELD"], (properties) =>
      expect(properties, query).toContain(property),
    );
  }
  const badType = await api.get(`${FEED}/100000?type=installment.paid,policy.cancelled`);
  const [error] = expectApiError(badType, 400, ["INVALID-FORM-FIELD"], ["type"]);
  expect(error!.message).toContain('"policy.cancelled"');
  for (const type of EVENT_TYPES) expect(error!.message).toContain(type);
  expectGateway(await api.withKey(undefined).get(`${FEED}/100000`), 401, /missing subscription key/);
});
