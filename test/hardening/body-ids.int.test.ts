import { allRoutes } from '../../src/routes';
import type { AnyRoute } from '../../src/http/route';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { cardBody } from '../payments/fixtures';
import { fill, label, missingLike, seedResources, shape, type SeededIds } from './matrix-seeding';

/**
 * The security matrix for ids carried INSIDE request bodies and query strings, generated from
 * each route's zod schemas (src/routes.ts), so a new id field anywhere is covered or fails:
 * - a write route's body field that takes an id, set by company B to company A's id, answers
 *   exactly what the same body answers with an id that does not exist (status, code, message
 *   with ids taken out, details naming the field): `bodyIdNotFound`, 404 `not_found`;
 * - a list route's query filter that takes an id, with company A's id, answers company B exactly
 *   as for an unknown id (an empty list), never with company A's rows; company A's own call with
 *   that filter finds its rows (the control that shows the filter is applied at all).
 * A field is id-like by name (`…Id`, `…Ref`, or the name of a seeded resource such as
 * `customer`) or by value (a `<prefix>_<ulid>` id in the route's sample). An id-like field with
 * no entry in FIELD_SEEDERS or NOT_IDS fails the matrix, as a path parameter without a seeder does.
 */

/** Which seeded resource a body or query field names, by the field's own name. */
const FIELD_SEEDERS: Record<string, keyof SeededIds> = {
  customerId: 'customer',
  customer: 'customer',
  recipientId: 'recipient',
  fromRecipientId: 'activeRecipient',
  toRecipientId: 'activeRecipient',
  planId: 'plan',
  plan: 'plan',
  planItemId: 'planItem',
  priceId: 'planPrice',
  defaultPaymentMethodRef: 'card',
  webhookId: 'webhook',
  linkId: 'checkoutLink',
  subscription: 'subscription',
  subscriptionId: 'subscription',
  token: 'cardToken',
  couponId: 'coupon',
  // The card sale: it has receivables and a dispute to find (a Pix sale has neither).
  transactionId: 'cardTransaction',
  paymentId: 'cardPayment',
};

/** A field whose rows live on another seeded resource than FIELD_SEEDERS names, by `<operationId> <field>`. */
const ROUTE_FIELD_SEEDERS: Record<string, keyof SeededIds> = {
  // Receivables are the owner's: a card sale without splits pays the owner.
  'listReceivables recipientId': 'owner',
  'simulateAnticipation recipientId': 'owner',
  'createAnticipation recipientId': 'owner',
  'listAnticipations recipientId': 'owner',
};

/** Id-like by name, but not a stored resource of a company. */
const NOT_IDS: Record<string, string> = {
  meterId: 'a meter is a name the merchant picks for usage (free text), not a stored resource',
  lastEventId: "the event stream's resume cursor: its time places the caller's own stream, no row is read by it (test/webhooks/listen.int.test.ts: another company's events never appear)",
};

/**
 * An unknown card token has its own answer (the token is a credential, not a resource): 400
 * `card_token_invalid` naming the field. Another company's token must get exactly that answer.
 */
const OWN_ANSWER: Record<string, { status: number; code: string }> = {
  cardToken: { status: 400, code: 'card_token_invalid' },
  // Known exceptions to the rule, each tested by its module as it stands; another company's id
  // still gets exactly the unknown id's answer (asserted below), so none of them leaks.
  // Checkout: unknown, foreign and inactive are one 400 (src/checkout/checkout-content.service.ts).
  'createCheckoutLink splits[].recipientId': { status: 400, code: 'recipient_not_active' },
  'updateCheckoutLink splits[].recipientId': { status: 400, code: 'recipient_not_active' },
  'createCheckoutCharge splits[].recipientId': { status: 400, code: 'recipient_not_active' },
  'createCheckoutSession splits[].recipientId': { status: 400, code: 'recipient_not_active' },
  // Transactions: a split recipient that cannot receive is one 400 (src/payments/split-check.service.ts).
  'createTransaction splits[].recipientId': { status: 400, code: 'validation_failed' },
  // An id that must name a child of another field's resource (a component of this plan, a
  // saved card of this customer) is a 400 on that field, whoever owns what it names.
  'createPlanPrice planItemId': { status: 400, code: 'validation_failed' },
  'createSubscription items[].planItemId': { status: 400, code: 'validation_failed' },
  'createCheckoutSession items[].planItemId': { status: 400, code: 'validation_failed' },
  'createSubscription defaultPaymentMethodRef': { status: 400, code: 'validation_failed' },
  'attachSubscriptionPaymentMethod defaultPaymentMethodRef': { status: 400, code: 'validation_failed' },
  'changeSubscriptionPlan items[].planItemId': { status: 400, code: 'validation_failed' },
  'previewSubscriptionPlanChange items[].planItemId': { status: 400, code: 'validation_failed' },
};

/**
 * A body each write route with an id field accepts from its own company (`own`: company B's
 * resources), with every id field present, so replacing one of them reaches its ownership check.
 */
/** A body per route that carries every id field (a route whose body has modes answers the mode of the field under test). */
const BODY_ID_SAMPLES: Record<string, (own: SeededIds, path?: FieldPath) => object> = {
  sandboxLedgerCredit: (own) => ({ recipientId: own.recipient, amount: 100 }),
  createWithdrawal: (own) => ({ recipientId: own.recipient, amount: 1000 }),
  createTransfer: (own) => ({ fromRecipientId: own.activeRecipient, toRecipientId: own.recipient, amount: 100 }),
  createPlanPrice: (own) => ({ planItemId: own.planItem, money: { amount: 100, currency: 'BRL' }, recurrence: { interval: 1, unit: 'month' } }),
  createCheckoutLink: (own) => checkoutBody(own),
  updateCheckoutLink: (own) => checkoutBody(own),
  createCheckoutCharge: (own) => checkoutBody(own),
  createCheckoutSession: (own, path) =>
    path?.[0] === 'splits'
      ? { mode: 'payment', ...checkoutBody(own) }
      : { mode: 'subscription', planId: own.plan, items: [{ planItemId: own.planItem, quantity: 1 }], couponId: own.coupon, customerId: own.customer, paymentMethods: { card: { enabled: true } } },
  saveCard: (own) => ({ customerId: own.customer, token: own.cardToken }),
  createSubscription: (own) => ({ customerId: own.customer, planId: own.plan, items: [{ planItemId: own.planItem, quantity: 1 }], defaultPaymentMethodRef: own.card, couponId: own.coupon }),
  attachSubscriptionPaymentMethod: (own) => ({ defaultPaymentMethodRef: own.card }),
  applySubscriptionDiscount: (own) => ({ couponId: own.coupon }),
  applyInvoiceDiscount: (own) => ({ couponId: own.coupon }),
  changeSubscriptionPlan: (own) => ({ planId: own.plan, items: [{ planItemId: own.planItem, priceId: own.planPrice, quantity: 3 }], effective: 'cycle_end' }),
  previewSubscriptionPlanChange: (own) => ({ planId: own.plan, items: [{ planItemId: own.planItem, priceId: own.planPrice, quantity: 3 }], effective: 'cycle_end' }),
  createPortalSession: (own) => ({ customerId: own.customer }),
  simulateAnticipation: (own) => ({ recipientId: own.owner }),
  createAnticipation: (own) => ({ recipientId: own.owner, fingerprint: '0'.repeat(64) }),
  createTransaction: (own) => ({
    ...cardBody(own.cardToken, 1000),
    customerId: own.customer,
    splits: [{ recipientId: own.activeRecipient, type: 'sale', percentage: 100 }],
  }),
};

function checkoutBody(own: SeededIds) {
  return { items: [{ name: 'Camiseta', quantity: 1, unitAmount: 5000 }], paymentMethods: { pix: { enabled: true } }, splits: [{ recipientId: own.activeRecipient, percentage: 100 }] };
}

const ID_VALUE = /^[a-z]+_[0-9a-z]{26}$/;
const SEEDED_NAMES = new Set<string>(['customer', 'recipient', 'webhook', 'delivery', 'withdrawal', 'transaction', 'payment', 'plan', 'planItem', 'planPrice', 'checkoutLink', 'subscription', 'invoice', 'refund', 'checkoutSession', 'card']);

/** A leaf field of a schema: its path, `[]` standing for "every element". */
type FieldPath = string[];

interface ZodLike {
  _zod: { def: { type: string } & Record<string, unknown> };
}

/** Every leaf field of a zod schema (objects, arrays, wrappers, unions, preprocessed bodies). */
function leaves(schema: unknown, at: FieldPath = [], out: FieldPath[] = []): FieldPath[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def) return out;
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) leaves(v, [...at, k], out);
      break;
    case 'array':
      leaves(def.element, [...at, '[]'], out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      leaves(def.innerType, at, out);
      break;
    case 'pipe': {
      // z.preprocess(fn, schema) is pipe(transform, schema): the fields are the output's.
      const input = def.in as ZodLike;
      leaves(input._zod.def.type === 'transform' ? def.out : input, at, out);
      break;
    }
    case 'union':
      for (const option of def.options as unknown[]) leaves(option, at, out);
      break;
    case 'intersection':
      leaves(def.left, at, out);
      leaves(def.right, at, out);
      break;
    case 'record':
      break; // metadata: free keys, free values
    default:
      if (!out.some((p) => p.join('.') === at.join('.'))) out.push(at);
  }
  return out;
}

/** The value at `path` in `body` (first element for `[]`), or undefined when the sample lacks it. */
function valueAt(body: unknown, path: FieldPath): unknown {
  let v = body as Record<string, unknown> | unknown[] | undefined;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (seg === '[]' ? (v as unknown[])[0] : (v as Record<string, unknown>)[seg]) as typeof v;
  }
  return v;
}

/** A deep copy of `body` with the field at `path` (every element for `[]`) set to `value`. */
function withValue(body: unknown, path: FieldPath, value: string): unknown {
  if (path.length === 0) return value;
  const [seg, ...rest] = path;
  if (seg === '[]') return (body as unknown[]).map((e) => withValue(e, rest, value));
  const obj = body as Record<string, unknown>;
  return { ...obj, [seg]: withValue(obj[seg], rest, value) };
}

const fieldName = (path: FieldPath) => path[path.length - 1];
/**
 * The detail paths that name a field: `splits[].recipientId` is `splits.0.recipientId`; a field
 * of an array element may also be named by its element (`items[].planItemId` as `items.0`).
 */
function detailPath(path: FieldPath): RegExp {
  const pattern = (p: FieldPath) => p.map((seg) => (seg === '[]' ? '\\d+' : seg)).join('\\.');
  const element = path[path.length - 2] === '[]' ? [pattern(path.slice(0, -1))] : [];
  return new RegExp(`^(${[pattern(path), ...element].join('|')})$`);
}
/** The paths an error's details name, `items[0]` read as `items.0`. */
const detailPaths = (res: { body: { error?: { details?: { path: string }[] } } }): string[] =>
  (res.body.error?.details ?? []).map((d) => d.path.replace(/\[(\d+)\]/g, '.$1'));
const readable = (path: FieldPath) => path.join('.').replace(/\.\[\]/g, '[]');

function isIdLike(path: FieldPath, sample: unknown): boolean {
  const name = fieldName(path);
  if (NOT_IDS[name]) return false;
  if (/(Id|Ref)$/.test(name) || name in FIELD_SEEDERS || SEEDED_NAMES.has(name)) return true;
  const v = valueAt(sample, path);
  return typeof v === 'string' && ID_VALUE.test(v);
}

function seederFor(route: AnyRoute, path: FieldPath): keyof SeededIds {
  const key = ROUTE_FIELD_SEEDERS[`${route.operationId} ${readable(path)}`] ?? FIELD_SEEDERS[fieldName(path)];
  if (!key) throw new Error(`No seeder for the id field "${readable(path)}" of ${label(route)}: add it to FIELD_SEEDERS (or NOT_IDS) in test/hardening/body-ids.int.test.ts`);
  return key;
}

const routes = allRoutes().filter((r) => r.auth !== 'public');
const placeholder = new Proxy({} as SeededIds, { get: (_t, k) => `${String(k)}_01jzzzzzzzzzzzzzzzzzzzzzzz` });

/** [route, id field] for every id-like field of every write route's body. */
const bodyCases = routes
  .filter((r) => r.method !== 'get' && r.request?.body)
  .flatMap((r) => {
    const sample = BODY_ID_SAMPLES[r.operationId]?.(placeholder);
    return leaves(r.request!.body).filter((p) => isIdLike(p, sample)).map((p) => [r, p] as const);
  });

/** [route, id field] for every id-like query filter of every list route. */
const queryCases = routes
  .filter((r) => r.method === 'get' && r.request?.query)
  .flatMap((r) => leaves(r.request!.query).filter((p) => p.length === 1 && isIdLike(p, undefined)).map((p) => [r, p] as const));

let idsA: SeededIds;
let idsB: SeededIds;

const t = useTestStack({
  env: { WEBHOOK_ALLOWLIST: '127.0.0.1:9999' },
  companies: ['Company A', 'Company B'],
  async setup(t) {
    idsA = await seedResources(t.stack, t.company['Company A']);
    idsB = await seedResources(t.stack, t.company['Company B']);
  },
  timeout: 180_000,
});

const allIds = () => [...Object.values(idsA), ...Object.values(idsB)].flatMap((id) => [id, missingLike(id)]);

describe('id fields are found', () => {
  it('in bodies: every id field has a seeder and its route a sample that carries it', () => {
    expect(bodyCases.length).toBeGreaterThan(10);
    for (const [route, path] of bodyCases) {
      seederFor(route, path);
      const sample = BODY_ID_SAMPLES[route.operationId];
      if (!sample) throw new Error(`${label(route)} has the id field "${readable(path)}": add a sample body to BODY_ID_SAMPLES`);
      if (valueAt(sample(placeholder, path), path) === undefined) throw new Error(`BODY_ID_SAMPLES.${route.operationId} lacks "${readable(path)}": include it with the company's own id`);
    }
  });

  it('in queries: every id filter has a seeder', () => {
    expect(queryCases.length).toBeGreaterThan(4);
    for (const [route, path] of queryCases) seederFor(route, path);
  });
});

describe("another company's id inside a body", () => {
  it.each(bodyCases.map(([r, p]) => [`${label(r)} ${readable(p)}`, r, p] as const))('%s answers exactly as for a missing id', async (_l, route, path) => {
    const key = seederFor(route, path);
    const send = (value: string) =>
      t.stack.http[route.method](fill(route.path, idsB))
        .set(t.company['Company B'].headers)
        .send(withValue(BODY_ID_SAMPLES[route.operationId](idsB, path), path, value) as object);
    const foreign = await send(idsA[key]);
    const missing = await send(missingLike(idsA[key]));
    const namesField = (res: typeof foreign) => detailPaths(res).some((p) => detailPath(path).test(p));
    if (foreign.body.error?.code === 'validation_failed' && !namesField(foreign) && !namesField(missing)) {
      throw new Error(`${label(route)}: the body is refused (${foreign.body.error.message}); fix its sample in BODY_ID_SAMPLES so the ownership check is reached`);
    }
    const expected = OWN_ANSWER[`${route.operationId} ${readable(path)}`] ?? OWN_ANSWER[key] ?? { status: 404, code: 'not_found' };
    expect([foreign.status, foreign.body.error?.code]).toEqual([expected.status, expected.code]);
    expect([missing.status, missing.body.error?.code]).toEqual([expected.status, expected.code]);
    const ids = allIds();
    expect(shape(foreign.body.error.message, ids)).toBe(shape(missing.body.error.message, ids));
    expect(shape(JSON.stringify(foreign.body.error.details), ids)).toBe(shape(JSON.stringify(missing.body.error.details), ids));
    expect(Object.keys(foreign.body.error).sort()).toEqual(Object.keys(missing.body.error).sort());
    expect(detailPaths(foreign)).toContainEqual(expect.stringMatching(detailPath(path)));
  });
});

describe("another company's id in a query filter", () => {
  it.each(queryCases.map(([r, p]) => [`${label(r)} ?${p[0]}=`, r, p[0]] as const))('%s answers as for an unknown id, never with its rows', async (_l, route, name) => {
    const key = seederFor(route, [name]);
    const list = (company: SeededCompany, id: string) => t.stack.http.get(`${fill(route.path, idsB)}?${name}=${id}`).set(company.headers);
    const own = await list(t.company['Company A'], idsA[key]);
    expect(own.status).toBe(200);
    if (!(own.body.data?.length > 0)) throw new Error(`${label(route)} ?${name}=: company A finds nothing with its own id; seed a row it can find in seedResources (test/hardening/matrix-seeding.ts)`);
    const foreign = await list(t.company['Company B'], idsA[key]);
    const missing = await list(t.company['Company B'], missingLike(idsA[key]));
    expect(foreign.status).toBe(missing.status);
    if (foreign.status === 200) {
      expect(foreign.body.data).toEqual([]);
      expect(foreign.body).toEqual(missing.body);
    } else {
      const ids = allIds();
      expect(foreign.body.error.code).toBe(missing.body.error.code);
      expect(shape(foreign.body.error.message, ids)).toBe(shape(missing.body.error.message, ids));
    }
  });
});
