import { randomBytes } from 'node:crypto';

/**
 * The self-service slice of the fake Stripe (decision 0610), shaped like Stripe's documented objects: invoices
 * list, create_preview (with proration lines flagged under `parent.subscription_item_details.proration`),
 * payment methods behind `default_payment_method`, and billing portal sessions whose `url` opens a page
 * served by the fake itself.
 */

type Obj = Record<string, unknown>;
export type Route = {
  method: string;
  path: RegExp;
  handle: (m: RegExpExecArray, p: Obj) => [number, unknown];
};

export interface BillingState {
  url: () => string;
  nowSeconds: () => number;
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj & { customer: string; items: { data: Obj[] }; status: string }>;
  invoices: Map<string, Obj>;
  paymentMethods: Map<string, Obj>;
  /** Pending proration lines per subscription (create_prorations puts them on the next invoice). */
  pending: Map<string, Obj[]>;
  portalSessions: Map<string, Obj>;
  priceAmount: (price: string) => number;
}

export const fakeId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const DAY = 86_400;
const PERIOD = 30 * DAY;

export function stripeError(type: string, message: string, code?: string) {
  return { error: { type, message, ...(code ? { code } : {}) } };
}
export function missing(kind: string, what: string): [number, unknown] {
  return [404, stripeError('invalid_request_error', `No such ${kind}: '${what}'`, 'resource_missing')];
}

let invoiceNumber = 0;

/** An invoice object as Stripe returns it; `lines` are line_item objects. */
export function makeInvoice(
  s: BillingState,
  o: { customer: string; subscription: string; lines: Obj[]; status: string },
) {
  const id = fakeId('in');
  const total = o.lines.reduce((sum, l) => sum + Number(l.amount), 0);
  const created = s.nowSeconds();
  return {
    id,
    object: 'invoice',
    customer: o.customer,
    number: o.status === 'draft' ? null : `FAKE-${String(++invoiceNumber).padStart(4, '0')}`,
    status: o.status,
    currency: 'usd',
    total,
    subtotal: total,
    amount_due: total,
    amount_paid: o.status === 'paid' ? total : 0,
    amount_remaining: o.status === 'paid' ? 0 : total,
    created,
    period_start: created,
    period_end: created,
    hosted_invoice_url: o.status === 'draft' ? null : `${s.url()}/i/${id}`,
    invoice_pdf: o.status === 'draft' ? null : `${s.url()}/i/${id}/pdf`,
    parent: { type: 'subscription_details', subscription_details: { subscription: o.subscription } },
    lines: { object: 'list', has_more: false, data: o.lines },
  };
}

export function lineItem(o: {
  subscription: string;
  item: string;
  price: string;
  amount: number;
  proration: boolean;
  description: string;
  start: number;
  end: number;
}): Obj {
  return {
    id: fakeId('il'),
    object: 'line_item',
    amount: o.amount,
    currency: 'usd',
    description: o.description,
    period: { start: o.start, end: o.end },
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: {
        subscription: o.subscription,
        subscription_item: o.item,
        proration: o.proration,
      },
    },
    pricing: { type: 'price_details', price_details: { price: o.price } },
  };
}

/** Credit for the unused part of the period on the old price, charge for it on the new one. */
export function prorationLines(o: {
  sub: Obj & { id?: unknown };
  item: Obj;
  from: string;
  to: string;
  at: number;
  amount: (p: string) => number;
}) {
  const end = Number(o.item.current_period_end);
  const start = end - PERIOD;
  const left = Math.max(0, Math.min(1, (end - o.at) / (end - start)));
  const base = { subscription: String(o.sub.id), item: String(o.item.id), proration: true, start: o.at, end };
  return [
    lineItem({
      ...base,
      price: o.from,
      amount: -Math.round(o.amount(o.from) * left),
      description: `Unused time on ${o.from}`,
    }),
    lineItem({
      ...base,
      price: o.to,
      amount: Math.round(o.amount(o.to) * left),
      description: `Remaining time on ${o.to}`,
    }),
  ];
}

const bool = (v: unknown) => v === true || v === 'true';

export function billingRoutes(s: BillingState): Route[] {
  return [
    {
      method: 'GET',
      path: /^\/v1\/invoices$/,
      handle: (_m, p) => {
        const data = [...s.invoices.values()]
          .filter((i) => !p.customer || i.customer === p.customer)
          .filter((i) => !p.subscription || subscriptionOf(i) === p.subscription)
          .filter((i) => !p.status || i.status === p.status)
          .sort((a, b) => Number(b.created) - Number(a.created))
          .slice(0, Number(p.limit ?? 10));
        return [200, { object: 'list', url: '/v1/invoices', has_more: false, data }];
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/invoices\/create_preview$/,
      handle: (_m, p) => {
        const subId = String(p.subscription ?? '');
        const sub = s.subscriptions.get(subId);
        if (!sub) return missing('subscription', subId);
        const details = (p.subscription_details as Obj | undefined) ?? {};
        const cancels =
          details.cancel_at_period_end !== undefined
            ? bool(details.cancel_at_period_end)
            : bool(sub.cancel_at_period_end);
        if (sub.status === 'canceled' || cancels) {
          return [
            404,
            stripeError(
              'invalid_request_error',
              'No upcoming invoices for customer',
              'invoice_upcoming_none',
            ),
          ];
        }
        const item = sub.items.data[0];
        const current = String((item.price as Obj).id);
        const change = ((details.items as Obj[] | undefined) ?? []).find((i) => i.id === item.id);
        const next = change?.price ? String(change.price) : current;
        const at = details.proration_date ? Number(details.proration_date) : s.nowSeconds();
        const end = Number(item.current_period_end);
        const lines = [...(s.pending.get(subId) ?? [])];
        if (next !== current && details.proration_behavior !== 'none') {
          lines.push(...prorationLines({ sub, item, from: current, to: next, at, amount: s.priceAmount }));
        }
        lines.push(
          lineItem({
            subscription: subId,
            item: String(item.id),
            price: next,
            amount: s.priceAmount(next),
            proration: false,
            description: `1 × ${next}`,
            start: end,
            end: end + PERIOD,
          }),
        );
        const preview = makeInvoice(s, {
          customer: sub.customer,
          subscription: subId,
          lines,
          status: 'draft',
        });
        // A preview is not an invoice yet: no id of its own in Stripe either (upcoming_in_...).
        return [
          200,
          {
            ...preview,
            id: `upcoming_${preview.id}`,
            created: end,
            period_start: end - PERIOD,
            period_end: end,
            next_payment_attempt: end,
          },
        ];
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_methods\/([^/]+)$/,
      handle: (m) => {
        const pm = s.paymentMethods.get(m[1]);
        return pm ? [200, pm] : missing('payment_method', m[1]);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/billing_portal\/sessions$/,
      handle: (_m, p) => {
        const customer = String(p.customer ?? '');
        if (!s.customers.has(customer)) return missing('customer', customer);
        const id = fakeId('bps');
        const session = {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: p.return_url ?? null,
          created: s.nowSeconds(),
          livemode: false,
          url: `${s.url()}/p/session/${id}`,
        };
        s.portalSessions.set(id, session);
        return [200, session];
      },
    },
  ];
}

const subscriptionOf = (i: Obj) =>
  ((i.parent as Obj | undefined)?.subscription_details as Obj | undefined)?.subscription;

/** Pages a browser opens on Stripe's side (hosted invoice, billing portal): plain HTML, no API key. */
export function hostedPage(s: BillingState, path: string): string | null {
  const portal = /^\/p\/session\/([^/]+)$/.exec(path);
  if (portal) {
    const session = s.portalSessions.get(portal[1]);
    if (!session) return null;
    const back = String(session.return_url ?? '/');
    return page(
      'Billing portal (fake Stripe)',
      `<p>Update your card here.</p><p><a href="${escapeHtml(back)}">Return to the app</a></p>`,
    );
  }
  const invoice = /^\/i\/([^/]+)(\/pdf)?$/.exec(path);
  if (invoice) {
    const inv = s.invoices.get(invoice[1]);
    if (!inv) return null;
    return page(
      `Invoice ${escapeHtml(String(inv.number))}`,
      `<p>Total: ${Number(inv.total) / 100} USD, ${escapeHtml(String(inv.status))}</p>`,
    );
  }
  return null;
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}
const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A card saved as the subscription's default, as confirming the first payment does. */
export function attachCard(
  s: BillingState,
  sub: Obj & { customer: string },
  card: Partial<{ brand: string; last4: string; exp_month: number; exp_year: number }> = {},
) {
  const pm = {
    id: fakeId('pm'),
    object: 'payment_method',
    type: 'card',
    customer: sub.customer,
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, ...card },
    created: s.nowSeconds(),
  };
  s.paymentMethods.set(pm.id, pm);
  sub.default_payment_method = pm.id;
  return pm;
}

export { bool as stripeBool, PERIOD as FAKE_PERIOD_SECONDS };
