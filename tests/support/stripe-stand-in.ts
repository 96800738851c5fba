/**
 * A Stripe stand-in (plain node:http) that the official `stripe` library talks
 * to through STRIPE_API_BASE: prices (by lookup key), customers, Checkout
 * Sessions, subscriptions (retrieve, update, cancel), invoices (list,
 * `create_preview`) and Billing Portal sessions. Requests are form-encoded as
 * Stripe's; their top-level parameters are checked against
 * tests/fixtures/stripe/request-params.json (unknown → 400 like Stripe's
 * `Received unknown parameter`), the key against the configured one (401).
 * Its Checkout page is a plain HTML form: "Pay" creates the subscription and
 * sends the app signed events (`generateTestHeaderString`) before redirecting
 * to the session's success_url. `failPayment` / `recoverPayment` drive dunning.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { invoiceObject, signedDelivery, stripeEvent, stripeId, subscriptionObject, TEST_STRIPE_KEY, type SubscriptionShape } from "./stripe-events";

const FIXTURE = JSON.parse(readFileSync(new URL("../fixtures/stripe/request-params.json", import.meta.url), "utf8")) as {
  operations: Record<string, { params: string[]; required: string[] }>;
};

/** Delivers one signed event to the app; returns the HTTP status it answered. */
export type EventSink = (body: string, signature: string) => Promise<number>;

type Params = Record<string, unknown>;

interface Price { id: string; lookup_key: string | null; unit_amount: number; currency: string; active: boolean; product: string; recurring: { interval: string } }
interface Session { id: string; customer: string; client_reference_id: string | null; success_url: string; cancel_url: string; price: string; trialDays: number; metadata: Record<string, string>; subscriptionMetadata: Record<string, string>; completed: boolean }

export interface StripeStandIn {
  url: string;
  /** Every API request received: method, path and its decoded parameters. */
  requests: { method: string; path: string; params: Params }[];
  /** Every event sent, with the app's answer. */
  sent: { type: string; id: string; status: number }[];
  subscriptions: Map<string, SubscriptionShape>;
  prices: Map<string, Price>;
  /** Sets where events go (e.g. the app's /api/stripe/webhook). */
  setSink(sink: EventSink): void;
  /** Marks the latest invoice of `subscriptionId` failed: sends `invoice.payment_failed` and `customer.subscription.updated` (past_due). */
  failPayment(subscriptionId: string): Promise<void>;
  /** The retried payment succeeds: sends `invoice.paid` and `customer.subscription.updated` (active). */
  recoverPayment(subscriptionId: string): Promise<void>;
  close(): Promise<void>;
}

/** Decodes Stripe's bracket form encoding (`a[b][0][c]=x`) into nested objects and arrays. */
export function decodeStripeForm(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [key, value] of search) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (last) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const list = (data: unknown[], url: string) => ({ object: "list", data, has_more: false, url });
const nowS = () => Math.floor(Date.now() / 1000);
const MONTH_S = 30 * 86400;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": stripeId("req") });
  res.end(JSON.stringify(body));
}

function invalid(res: ServerResponse, message: string, param?: string): void {
  send(res, 400, { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } });
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startStripeStandIn(options: { sink?: EventSink } = {}): Promise<StripeStandIn> {
  let sink = options.sink ?? (async () => 0);
  const requests: StripeStandIn["requests"] = [];
  const sent: StripeStandIn["sent"] = [];
  const prices = new Map<string, Price>();
  const customers = new Map<string, { id: string; email: string | null; metadata: Record<string, string> }>();
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, SubscriptionShape>();
  const invoices: Record<string, unknown>[] = [];
  let url = "";

  const priceOf = (id: string) => prices.get(id) ?? [...prices.values()].find((p) => p.lookup_key === id);

  async function emit(type: string, object: Record<string, unknown>): Promise<void> {
    const event = stripeEvent(type, object, nowS());
    const { body, signature } = signedDelivery(event);
    sent.push({ type, id: event.id as string, status: await sink(body, signature) });
  }

  const subObject = (sub: SubscriptionShape) => subscriptionObject(sub);

  function newInvoice(sub: SubscriptionShape, amount: number, status: string): Record<string, unknown> {
    const invoice = invoiceObject({ customer: sub.customer, subscription: sub.id, amount, status, created: nowS(), origin: url });
    invoices.unshift(invoice);
    return invoice;
  }

  function checkParams(res: ServerResponse, operation: string, params: Params): boolean {
    const spec = FIXTURE.operations[operation];
    if (!spec) {
      send(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${operation})` } });
      return false;
    }
    const unknown = Object.keys(params).find((key) => !spec.params.includes(key));
    if (unknown) {
      invalid(res, `Received unknown parameter: ${unknown}`, unknown);
      return false;
    }
    const missing = spec.required.find((key) => params[key] === undefined);
    if (missing) {
      invalid(res, `Missing required param: ${missing}.`, missing);
      return false;
    }
    return true;
  }

  async function checkoutPage(res: ServerResponse, id: string, method: string): Promise<void> {
    const session = sessions.get(id);
    if (!session) return void send(res, 404, { error: { message: "No such checkout session" } });
    const price = priceOf(session.price)!;
    if (method === "GET") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html><head><title>Stripe Checkout (stand-in)</title></head><body>
<h1>Pay FX Trader</h1><p>${price.lookup_key}: ${(price.unit_amount / 100).toFixed(2)} ${price.currency.toUpperCase()} a month${session.trialDays ? `, ${session.trialDays} days free` : ""}</p>
<form method="post" action="/checkout/${id}/pay"><label>Card number <input name="card" value="4242424242424242"></label><button type="submit">Pay</button></form>
<a href="${session.cancel_url}">Back</a></body></html>`);
      return;
    }
    const start = nowS();
    const sub: SubscriptionShape = {
      id: stripeId("sub"),
      customer: session.customer,
      status: session.trialDays ? "trialing" : "active",
      lookupKey: price.lookup_key ?? "",
      priceId: price.id,
      unitAmount: price.unit_amount,
      start,
      periodEnd: start + (session.trialDays ? session.trialDays * 86400 : MONTH_S),
      trialEnd: session.trialDays ? start + session.trialDays * 86400 : null,
      userId: Number(session.subscriptionMetadata.userId) || undefined,
    };
    subscriptions.set(sub.id, sub);
    session.completed = true;
    const invoice = newInvoice(sub, session.trialDays ? 0 : price.unit_amount, "paid");
    await emit("customer.subscription.created", subObject(sub));
    await emit("checkout.session.completed", { id, object: "checkout.session", mode: "subscription", customer: session.customer, client_reference_id: session.client_reference_id, subscription: sub.id, metadata: session.metadata, status: "complete" });
    await emit("invoice.finalized", invoice);
    await emit("invoice.paid", invoice);
    res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", id) });
    res.end();
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, params: Params): Promise<void> {
    const method = req.method ?? "GET";
    const subMatch = path.match(/^\/v1\/subscriptions\/([\w]+)$/);
    const operation = subMatch ? `${method} /v1/subscriptions/{subscription_exposed_id}` : `${method} ${path}`;
    if (!checkParams(res, operation, params)) return;
    requests.push({ method, path, params });
    if (operation === "GET /v1/prices") {
      const keys = Object.values((params.lookup_keys ?? {}) as Record<string, string>);
      const found = [...prices.values()].filter((p) => (keys.length === 0 || (p.lookup_key && keys.includes(p.lookup_key))) && (params.active === undefined || String(p.active) === params.active));
      return send(res, 200, list(found.map((p) => ({ object: "price", ...p })), "/v1/prices"));
    }
    if (operation === "POST /v1/prices") {
      const key = params.lookup_key as string | undefined;
      if (key && [...prices.values()].some((p) => p.lookup_key === key)) return invalid(res, `A price (${key}) already uses that lookup key.`, "lookup_key");
      const price: Price = { id: stripeId("price"), lookup_key: key ?? null, unit_amount: Number(params.unit_amount), currency: String(params.currency), active: true, product: stripeId("prod"), recurring: { interval: String((params.recurring as Params | undefined)?.interval ?? "month") } };
      if (!Number.isSafeInteger(price.unit_amount)) return invalid(res, "Invalid integer: unit_amount", "unit_amount");
      prices.set(price.id, price);
      return send(res, 200, { object: "price", ...price });
    }
    if (operation === "POST /v1/customers") {
      const customer = { id: stripeId("cus"), email: (params.email as string) ?? null, metadata: (params.metadata as Record<string, string>) ?? {} };
      customers.set(customer.id, customer);
      return send(res, 200, { object: "customer", ...customer });
    }
    if (operation === "POST /v1/checkout/sessions") {
      if (params.mode !== "subscription") return invalid(res, "This stand-in only runs subscription checkouts.", "mode");
      const item = ((params.line_items ?? {}) as Record<string, Params>)["0"];
      if (!item || !priceOf(String(item.price))) return invalid(res, "No such price", "line_items[0][price]");
      if (!customers.has(String(params.customer))) return invalid(res, "No such customer", "customer");
      const subData = (params.subscription_data ?? {}) as Params;
      const session: Session = {
        id: stripeId("cs_test"),
        customer: String(params.customer),
        client_reference_id: (params.client_reference_id as string) ?? null,
        success_url: String(params.success_url),
        cancel_url: String(params.cancel_url),
        price: String(item.price),
        trialDays: Number(subData.trial_period_days ?? 0),
        metadata: (params.metadata as Record<string, string>) ?? {},
        subscriptionMetadata: (subData.metadata as Record<string, string>) ?? {},
        completed: false,
      };
      sessions.set(session.id, session);
      return send(res, 200, { id: session.id, object: "checkout.session", mode: "subscription", url: `${url}/checkout/${session.id}`, customer: session.customer, client_reference_id: session.client_reference_id, status: "open" });
    }
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1]!);
      if (!sub) return invalid(res, `No such subscription: '${subMatch[1]}'`, "id");
      if (method === "GET") return send(res, 200, subObject(sub));
      if (method === "DELETE") {
        Object.assign(sub, { status: "canceled", endedAt: nowS() });
        await emit("customer.subscription.deleted", subObject(sub));
        return send(res, 200, subObject(sub));
      }
      const items = params.items as Record<string, Params> | undefined;
      if (items?.["0"]) {
        const price = priceOf(String(items["0"].price));
        if (!price) return invalid(res, "No such price", "items[0][price]");
        const due = prorationCents(sub, price.unit_amount, Number(params.proration_date ?? nowS()));
        Object.assign(sub, { lookupKey: price.lookup_key, priceId: price.id, unitAmount: price.unit_amount });
        if (due > 0) newInvoice(sub, due, "paid");
      }
      if (params.cancel_at_period_end !== undefined) sub.cancelAtPeriodEnd = params.cancel_at_period_end === "true";
      if (params.pause_collection !== undefined) sub.paused = params.pause_collection !== "";
      await emit("customer.subscription.updated", subObject(sub));
      return send(res, 200, subObject(sub));
    }
    if (operation === "GET /v1/invoices") return send(res, 200, list(invoices.filter((i) => i.customer === params.customer), "/v1/invoices"));
    if (operation === "POST /v1/invoices/create_preview") {
      const sub = subscriptions.get(String(params.subscription));
      const details = (params.subscription_details ?? {}) as Params;
      const price = priceOf(String(((details.items ?? {}) as Record<string, Params>)["0"]?.price));
      if (!sub || !price) return invalid(res, "Preview needs subscription and subscription_details[items][0][price]", "subscription");
      const due = prorationCents(sub, price.unit_amount, Number(details.proration_date ?? nowS()));
      return send(res, 200, { object: "invoice", id: null, customer: sub.customer, amount_due: due, total: due, currency: "usd", status: "draft" });
    }
    if (operation === "POST /v1/billing_portal/sessions") {
      if (!customers.has(String(params.customer))) return invalid(res, "No such customer", "customer");
      return send(res, 200, { id: stripeId("bps"), object: "billing_portal.session", customer: params.customer, return_url: params.return_url, url: `${url}/portal/${String(params.customer)}` });
    }
    return send(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } });
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const target = new URL(req.url ?? "/", "http://stand-in");
      const checkout = target.pathname.match(/^\/checkout\/(\w+)(\/pay)?$/);
      if (checkout) return checkoutPage(res, checkout[1]!, checkout[2] ? "POST" : "GET");
      if (!target.pathname.startsWith("/v1/")) return send(res, 404, { error: { message: "Not found" } });
      if (req.headers.authorization !== `Bearer ${TEST_STRIPE_KEY}`) return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      const raw = req.method === "POST" ? await bodyOf(req) : target.search.slice(1);
      await api(req, res, target.pathname, decodeStripeForm(new URLSearchParams(raw)));
    })().catch((error: unknown) => send(res, 500, { error: { message: String(error) } }));
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    sent,
    subscriptions,
    prices,
    setSink: (next) => {
      sink = next;
    },
    async failPayment(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      const invoice = newInvoice(sub, sub.unitAmount ?? 0, "open");
      await emit("invoice.payment_failed", invoice);
      sub.status = "past_due";
      await emit("customer.subscription.updated", subObject(sub));
    },
    async recoverPayment(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      const open = invoices.find((i) => i.status === "open" && (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === subscriptionId);
      if (open) Object.assign(open, { status: "paid", amount_paid: open.amount_due });
      await emit("invoice.paid", open ?? newInvoice(sub, sub.unitAmount ?? 0, "paid"));
      sub.status = "active";
      await emit("customer.subscription.updated", subObject(sub));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * What moving `sub` to a price of `newAmount` cents at `at` (Unix seconds)
 * costs now: the unused part of the current price credited and the same part
 * of the new price charged, time-proportional like Stripe's proration,
 * rounded to whole cents: round((new − old) × remaining / period).
 */
export function prorationCents(sub: SubscriptionShape, newAmount: number, at: number): number {
  const period = sub.periodEnd - sub.start;
  const remaining = Math.max(0, Math.min(period, sub.periodEnd - at));
  return Math.round(((newAmount - (sub.unitAmount ?? 0)) * remaining) / period);
}
