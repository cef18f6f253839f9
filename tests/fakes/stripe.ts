import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  attachCard,
  type BillingState,
  billingRoutes,
  FAKE_PERIOD_SECONDS,
  hostedPage,
  fakeId as id,
  lineItem,
  makeInvoice,
  missing,
  prorationLines,
  stripeBool,
  stripeError,
} from './stripe-billing';

/**
 * A fake of the slice of Stripe's v1 API that billing calls, on loopback, speaking what the official
 * `stripe` library sends: form-encoded bodies (`items[0][price]=...`), `expand[]` in body or query, bearer
 * secret key, JSON answers and Stripe's error envelope. Point STRIPE_API_URL at `fake.url`.
 */

type Obj = Record<string, unknown>;

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Obj[] };
  latest_invoice: string;
  default_payment_method: string | null;
  [key: string]: unknown;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  customers: Map<string, Obj>;
  subscriptions: Map<string, FakeSubscription>;
  /** Every call received: method, path (no query), parsed body/query. */
  requests: { method: string; path: string; params: Obj }[];
  count(method: string, path: string): number;
  /** Moves a subscription to a new status, as paying (or failing to pay) would; returns the object. */
  setStatus(id: string, status: string): FakeSubscription;
  /** The subscription as a webhook payload carries it (invoice not expanded). */
  subscription(id: string): FakeSubscription;
  /** The latest invoice of a subscription, as invoice.* webhook events carry it. */
  invoiceFor(id: string): Obj;
  /** A renewal whose card is declined: a new open invoice, the subscription past due; returns the invoice. */
  failRenewal(id: string): Obj;
  invoices: Map<string, Obj>;
  paymentMethods: Map<string, Obj>;
  close(): Promise<void>;
}

/** Parses Stripe-style form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== '');
    let node: Obj | unknown[] = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]);
      const slot = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Obj | unknown[];
      }
    });
  }
  return out;
}

/** Monthly amount in cents of a price the fake has not been told about. */
const DEFAULT_PRICE_CENTS = 2000;

export async function startFakeStripe(
  opts: { secretKey?: string; now?: () => number; host?: string; prices?: Record<string, number> } = {},
): Promise<FakeStripe> {
  const host = opts.host ?? '127.0.0.1';
  if (!host.startsWith('127.')) throw new Error('fakes bind loopback only');
  const secretKey = opts.secretKey ?? 'sk_test_fake';
  const nowSeconds = () => Math.floor((opts.now?.() ?? Date.now()) / 1000);
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, Obj>();
  const requests: FakeStripe['requests'] = [];
  let baseUrl = '';
  const state: BillingState = {
    url: () => baseUrl,
    nowSeconds,
    customers,
    subscriptions,
    invoices,
    paymentMethods: new Map(),
    pending: new Map(),
    portalSessions: new Map(),
    priceAmount: (price) => opts.prices?.[price] ?? DEFAULT_PRICE_CENTS,
  };

  const expandList = (params: Obj): string[] => {
    const e = params.expand;
    return Array.isArray(e) ? (e as string[]) : e ? [String(e)] : [];
  };
  // The invoice's confirmation_secret is includable only through expand, as in Stripe.
  const render = (sub: FakeSubscription, expand: string[]) => {
    let out: Obj = { ...sub };
    if (expand.includes('default_payment_method') && sub.default_payment_method) {
      out = { ...out, default_payment_method: state.paymentMethods.get(sub.default_payment_method) ?? null };
    }
    if (!expand.some((e) => e.startsWith('latest_invoice'))) return out;
    const invoice = { ...(invoices.get(sub.latest_invoice) as Obj) };
    if (!expand.includes('latest_invoice.confirmation_secret')) delete invoice.confirmation_secret;
    return { ...out, latest_invoice: invoice };
  };

  const routes: {
    method: string;
    path: RegExp;
    handle: (m: RegExpExecArray, params: Obj) => [number, unknown];
  }[] = [
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      handle: (_m, p) => {
        const c = {
          id: id('cus'),
          object: 'customer',
          email: p.email ?? null,
          name: p.name ?? null,
          metadata: p.metadata ?? {},
          created: nowSeconds(),
        };
        customers.set(c.id, c);
        return [200, c];
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/customers\/([^/]+)$/,
      handle: (m) => {
        const c = customers.get(m[1]);
        return c ? [200, c] : missing('customer', m[1]);
      },
    },
    {
      // As documented: the customer is gone and its subscriptions are cancelled at once.
      method: 'DELETE',
      path: /^\/v1\/customers\/([^/]+)$/,
      handle: (m) => {
        if (!customers.delete(m[1])) return missing('customer', m[1]);
        return [200, { id: m[1], object: 'customer', deleted: true }];
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      handle: (_m, p) => {
        const customer = String(p.customer ?? '');
        if (!customers.has(customer)) return missing('customer', customer);
        const items = (p.items as Obj[] | undefined) ?? [];
        if (!items[0]?.price)
          return [400, stripeError('invalid_request_error', 'Missing required param: items.')];
        if (p.payment_behavior !== 'default_incomplete') {
          return [402, stripeError('card_error', 'This customer has no attached payment source.')];
        }
        const subId = id('sub');
        const created = nowSeconds();
        const price = String(items[0].price);
        const itemId = id('si');
        const first = makeInvoice(state, {
          customer,
          subscription: subId,
          status: 'open',
          lines: [
            lineItem({
              subscription: subId,
              item: itemId,
              price,
              amount: state.priceAmount(price),
              proration: false,
              description: `1 × ${price}`,
              start: created,
              end: created + FAKE_PERIOD_SECONDS,
            }),
          ],
        });
        const invoiceId = first.id;
        invoices.set(invoiceId, {
          ...first,
          confirmation_secret: {
            client_secret: `pi_${randomBytes(6).toString('hex')}_secret_${randomBytes(6).toString('hex')}`,
            type: 'payment_intent',
          },
        });
        const sub: FakeSubscription = {
          id: subId,
          object: 'subscription',
          customer,
          status: 'incomplete',
          created,
          cancel_at_period_end: false,
          metadata: (p.metadata as Record<string, string>) ?? {},
          items: {
            object: 'list',
            data: [
              {
                id: itemId,
                object: 'subscription_item',
                price: { id: price, object: 'price', unit_amount: state.priceAmount(price), currency: 'usd' },
                current_period_start: created,
                current_period_end: created + FAKE_PERIOD_SECONDS,
              },
            ],
          },
          latest_invoice: invoiceId,
          default_payment_method: null,
        };
        subscriptions.set(subId, sub);
        return [200, render(sub, expandList(p))];
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions$/,
      handle: (_m, p) => {
        const data = [...subscriptions.values()]
          .filter((s) => !p.customer || s.customer === p.customer)
          .filter((s) => !p.status || p.status === 'all' || s.status === p.status)
          .filter((s) => !p.price || s.items.data.some((i) => (i.price as Obj).id === p.price))
          .reverse()
          .slice(0, Number(p.limit ?? 10));
        const expand = expandList(p)
          .filter((e) => e.startsWith('data.'))
          .map((e) => e.slice(5));
        return [
          200,
          {
            object: 'list',
            url: '/v1/subscriptions',
            has_more: false,
            data: data.map((s) => render(s, expand)),
          },
        ];
      },
    },
    {
      // Plan changes: an item's price swapped (Stripe prorates on the saved card; here it just changes).
      method: 'POST',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (m, p) => {
        const s = subscriptions.get(m[1]);
        if (!s) return missing('subscription', m[1]);
        if (s.status === 'canceled') {
          return [
            400,
            stripeError(
              'invalid_request_error',
              'A canceled subscription can only update its cancellation_details and metadata.',
            ),
          ];
        }
        for (const change of (p.items as Obj[] | undefined) ?? []) {
          const item = s.items.data.find((i) => i.id === change.id);
          if (!item)
            return [400, stripeError('invalid_request_error', `No such subscription item: '${change.id}'`)];
          const from = String((item.price as Obj).id);
          if (change.price && change.price !== from) {
            const to = String(change.price);
            // create_prorations (Stripe's default) puts the difference on the next invoice.
            if (p.proration_behavior !== 'none') {
              const at = p.proration_date ? Number(p.proration_date) : nowSeconds();
              const lines = prorationLines({ sub: s, item, from, to, at, amount: state.priceAmount });
              state.pending.set(s.id, [...(state.pending.get(s.id) ?? []), ...lines]);
            }
            item.price = { id: to, object: 'price', unit_amount: state.priceAmount(to), currency: 'usd' };
          }
        }
        if (p.cancel_at_period_end !== undefined) {
          s.cancel_at_period_end = stripeBool(p.cancel_at_period_end);
          s.cancel_at = s.cancel_at_period_end ? s.items.data[0]?.current_period_end : null;
        }
        if (p.metadata) s.metadata = { ...s.metadata, ...(p.metadata as Record<string, string>) };
        return [200, render(s, expandList(p))];
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (m, p) => {
        const s = subscriptions.get(m[1]);
        return s ? [200, render(s, expandList(p))] : missing('subscription', m[1]);
      },
    },
    ...billingRoutes(state),
  ];

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
      requests.push({ method: req.method ?? '', path: url.pathname, params });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(payload));
      };
      const hosted = req.method === 'GET' ? hostedPage(state, url.pathname) : null;
      if (hosted) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(hosted);
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, stripeError('invalid_request_error', 'Invalid API Key provided.'));
      }
      for (const route of routes) {
        const m = route.method === req.method ? route.path.exec(url.pathname) : null;
        if (m) return send(...route.handle(m, params));
      }
      send(
        404,
        stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;

  const get = (subId: string) => {
    const s = subscriptions.get(subId);
    if (!s) throw new Error(`fake stripe: no subscription ${subId}`);
    return s;
  };
  return {
    url: `http://${host}:${port}`,
    secretKey,
    customers,
    subscriptions,
    requests,
    count: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    invoices,
    paymentMethods: state.paymentMethods,
    setStatus(subId, status) {
      const s = get(subId);
      s.status = status;
      // Paying the first invoice saves the card as the subscription's default, as the Payment Element does.
      if (status === 'active') {
        if (!s.default_payment_method) attachCard(state, s);
        const first = invoices.get(s.latest_invoice);
        if (first?.status === 'open')
          invoices.set(s.latest_invoice, {
            ...first,
            status: 'paid',
            amount_paid: first.total,
            amount_remaining: 0,
          });
      }
      if (status === 'canceled') {
        s.ended_at = nowSeconds();
        s.canceled_at = nowSeconds();
      }
      return structuredClone(s);
    },
    failRenewal(subId) {
      const s = get(subId);
      const item = s.items.data[0];
      const price = String((item.price as Obj).id);
      const start = Number(item.current_period_end);
      item.current_period_start = start;
      item.current_period_end = start + FAKE_PERIOD_SECONDS;
      const lines = [
        ...(state.pending.get(subId) ?? []),
        lineItem({
          subscription: subId,
          item: String(item.id),
          price,
          amount: state.priceAmount(price),
          proration: false,
          description: `1 × ${price}`,
          start,
          end: start + FAKE_PERIOD_SECONDS,
        }),
      ];
      state.pending.delete(subId);
      const invoice = makeInvoice(state, {
        customer: s.customer,
        subscription: subId,
        lines,
        status: 'open',
      });
      invoices.set(invoice.id, { ...invoice, attempt_count: 1 });
      s.latest_invoice = invoice.id;
      s.status = 'past_due';
      return structuredClone(invoice);
    },
    subscription: (subId) => structuredClone(get(subId)),
    invoiceFor(subId) {
      const inv = { ...(invoices.get(get(subId).latest_invoice) as Obj) };
      delete inv.confirmation_secret;
      return inv;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook event envelope as Stripe sends it. */
export function stripeEvent(opts: { type: string; object: unknown; created: number; id?: string }) {
  return {
    id: opts.id ?? id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: opts.created,
    type: opts.type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: opts.object },
  };
}

/** The Stripe-Signature header for a payload, exactly as Stripe computes it: HMAC-SHA256 of `t.payload`. */
export function signStripePayload(opts: { payload: string; secret: string; timestamp: number }): string {
  const v1 = createHmac('sha256', opts.secret)
    .update(`${opts.timestamp}.${opts.payload}`, 'utf8')
    .digest('hex');
  return `t=${opts.timestamp},v1=${v1}`;
}
