import http from 'node:http';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { z } from 'zod';
import { CAPTURED, cieloError, maskCardNumber, VOIDED_MESSAGE, type CieloError } from './cielo.rules';
import { amountParam, chargebackBody, chargebackOutcomeBody, checkCardToken, contestationBody, checkSale, faultBody, isGuid, merchantBody, notificationUrlBody, type Checked } from './schemas';
import { Books } from './state';
import { renderBooks, renderOperation, renderOrder, renderSale, type Hosts } from './wire';
import { Faults } from './faults';
import { faultRoutes } from '../fault-queue';
import { CHANGE_TYPE, Notifier } from './notifications';
import { closeServer, countRequests, listenOn, safeEqual, type EmbeddedServer } from '../http-server';

/**
 * The embedded acquirer: credit card sales over Cielo's E-commerce API 3.0, for Lastro's Cielo
 * adapter to talk to as to Cielo itself. Implemented: `MerchantId`/`MerchantKey` on every call,
 * `POST /1/sales/` (open card or `CardToken`), capture and void (total and partial), the queries
 * by `PaymentId` and by `MerchantOrderId`, `POST /1/card/` (the card vault), and the notification
 * post of a chargeback. The transactional and the query API are served on one listener:
 * `queryUrl` is `baseUrl`. `/embedded/*` routes are the simulator's own (outside Cielo's API):
 * the books, chargebacks, the notification URL, faults, more stores. State lives in memory (`state.ts`).
 *
 * One acquirer holds many stores (`POST /embedded/merchants`), as Cielo does: each has its own
 * credentials, its own notification URL, and sees its own sales only. A test run shares one
 * acquirer, each test stack a store of its own.
 */

export interface CieloAcquirerOptions {
  merchantId?: string;
  merchantKey?: string;
  /** Cielo's "URL Status Pagamento", with up to three fixed headers. */
  notificationUrl?: string;
  notificationHeaders?: Record<string, string>;
  notificationRetryBaseMs?: number;
  /** Cielo's wait between voids of one sale: the same void again within it answers ReturnCode 10. */
  voidGuardMs?: number;
  log?: (msg: Record<string, unknown>) => void;
  now?: () => Date;
}

export interface CieloAcquirerInfo {
  baseUrl: string;
  queryUrl: string;
  merchantId: string;
  merchantKey: string;
}

export interface CieloAcquirer extends EmbeddedServer<CieloAcquirerInfo> {
  books: Books;
}

/** An answer in Cielo's error shape, `[{ "Code": …, "Message": … }]`. */
class CieloFault extends Error {
  constructor(
    readonly status: number,
    readonly errors: CieloError[],
  ) {
    super(errors.map((e) => e.Message).join('; '));
  }
}
const fail = (status: number, ...errors: CieloError[]): never => {
  throw new CieloFault(status, errors);
};
const valueOf = <T>(r: Checked<T>): T => (r.ok ? r.value : fail(400, ...r.errors));

export function createCieloAcquirer(options: CieloAcquirerOptions = {}): CieloAcquirer {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const books = new Books({ now, voidGuardMs: options.voidGuardMs ?? 5000 });
  const stores = new Map<string, { merchantKey: string; notifier: Notifier }>();
  const openStore = (o: { merchantId?: string; merchantKey?: string; notificationUrl?: string; notificationHeaders?: Record<string, string> }) => {
    const id = (o.merchantId ?? randomUUID()).toLowerCase();
    // Cielo's MerchantKey is 40 characters.
    const key = o.merchantKey ?? randomBytes(30).toString('base64').replace(/[+/]/g, 'A').slice(0, 40).toUpperCase();
    const notifier = new Notifier({ url: o.notificationUrl, headers: o.notificationHeaders, retryBaseMs: options.notificationRetryBaseMs ?? 250, timeoutMs: 5000, log });
    stores.set(id, { merchantKey: key, notifier });
    return { merchantId: id, merchantKey: key };
  };
  const { merchantId, merchantKey } = openStore(options);
  const storeOf = (id: string | undefined) => stores.get((id ?? merchantId).toLowerCase()) ?? fail(404, cieloError(0, `No store ${id}`));
  const faults = new Faults();
  const requests: Record<string, number> = {};
  const hosts: Hosts = { baseUrl: '', queryUrl: '' };

  const app = new Koa();
  app.proxy = false;

  app.use(async (ctx, next) => {
    // Cielo's paths take a trailing slash or not (`/1/sales/`, `/1/card/`).
    if (ctx.path.length > 1 && ctx.path.endsWith('/')) ctx.path = ctx.path.replace(/\/+$/, '');
    const requestId = ctx.get('RequestId');
    if (requestId) ctx.set('RequestId', requestId);
    try {
      await next();
    } catch (err) {
      if (err instanceof CieloFault) {
        ctx.status = err.status;
        ctx.body = err.errors;
        return;
      }
      const status = (err as { status?: number }).status;
      if (status === 400 || status === 413 || status === 415) {
        ctx.status = 400;
        ctx.body = [cieloError(0, 'The request body is not valid JSON')];
        return;
      }
      log({ msg: 'internal error', error: err instanceof Error ? err.message : String(err) });
      ctx.status = 500;
      ctx.body = [cieloError(0)];
    }
  });
  app.use(countRequests(requests));
  app.use(faults.middleware());
  // Every call of Cielo's API carries the store's credentials; a wrong one is a 401 in Cielo's error shape.
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/1/')) {
      const id = ctx.get('MerchantId');
      const key = ctx.get('MerchantKey');
      if (!id) fail(401, cieloError(101));
      if (!isGuid(id)) fail(401, cieloError(114));
      const store = stores.get(id.toLowerCase()) ?? fail(401, cieloError(115));
      if (!key) fail(401, cieloError(131));
      if (!safeEqual(key, store.merchantKey)) fail(401, cieloError(132));
      ctx.state.merchantId = id.toLowerCase();
    }
    await next();
  });
  app.use(bodyParser({ enableTypes: ['json'], encoding: 'utf-8' }) as unknown as Koa.Middleware);

  const router = new Router();
  const notFound = (): never => fail(404, cieloError(307));
  const found = (paymentId: string, merchant?: string) => (isGuid(paymentId) ? books.sale(paymentId, merchant) : undefined) ?? notFound();
  const merchantOf = (ctx: Koa.Context): string => ctx.state.merchantId as string;

  // --- Cielo's API --------------------------------------------------------------------------------
  router.post('/1/sales', (ctx) => {
    const req = valueOf(checkSale(ctx.request.body));
    const sale = books.createSale(req, merchantOf(ctx)) ?? fail(400, cieloError(130));
    log({ msg: 'sale', paymentId: sale.PaymentId, status: sale.Status, returnCode: sale.ReturnCode });
    ctx.status = 201;
    ctx.body = renderSale(sale, hosts);
  });

  router.get('/1/sales', (ctx) => {
    const key = Object.keys(ctx.query).find((k) => k.toLowerCase() === 'merchantorderid');
    const orderId = key === undefined ? undefined : String(ctx.query[key]);
    if (!orderId) fail(400, cieloError(122));
    const sales = books.byOrder(orderId!, merchantOf(ctx));
    if (sales.length === 0) notFound();
    ctx.body = renderOrder(sales);
  });

  router.get('/1/sales/:paymentId', (ctx) => {
    ctx.body = renderSale(found(ctx.params.paymentId, merchantOf(ctx)), hosts);
  });

  router.put('/1/sales/:paymentId/capture', (ctx) => {
    const amount = valueOf(amountParam(ctx.query));
    const op = books.capture(ctx.params.paymentId, amount, merchantOf(ctx));
    if (!op.found) return notFound();
    if (op.decision.kind === 'unavailable') return fail(400, cieloError(308));
    const d = op.decision;
    ctx.body = renderOperation(op.sale, hosts, d.kind === 'refused' ? d : { ...CAPTURED, ReasonCode: 0 });
  });

  router.put('/1/sales/:paymentId/void', (ctx) => {
    const amount = valueOf(amountParam(ctx.query));
    const op = books.void(ctx.params.paymentId, amount, merchantOf(ctx));
    if (!op.found) return notFound();
    if (op.decision.kind === 'unavailable') return fail(400, cieloError(309));
    const d = op.decision;
    if (d.kind === 'refused') ctx.body = renderOperation(op.sale, hosts, d);
    else ctx.body = renderOperation(op.sale, hosts, { ReturnCode: d.kind === 'void' ? d.ReturnCode : '9', ReturnMessage: VOIDED_MESSAGE, ReasonCode: 0 });
  });

  router.post('/1/card', (ctx) => {
    const card = books.tokenize(valueOf(checkCardToken(ctx.request.body)));
    ctx.status = 201;
    ctx.body = { CardToken: card.CardToken, Links: { Method: 'GET', Rel: 'self', Href: `${hosts.queryUrl}/1/card/${card.CardToken}` } };
  });

  router.get('/1/card/:cardToken', (ctx) => {
    const card = books.cards.get(ctx.params.cardToken.toLowerCase()) ?? fail(404, cieloError(130));
    ctx.body = { CardNumber: maskCardNumber(card.CardNumber), Holder: card.Holder, ExpirationDate: card.ExpirationDate, Brand: card.Brand };
  });

  // The store's evidence of a chargeback (Cielo's chargeback contestation). Sent again, it answers as the first time.
  router.post('/1/chargebacks/:caseNumber/contestation', (ctx) => {
    const body = parse(contestationBody, ctx.request.body);
    const found = books.chargebackCase(ctx.params.caseNumber, merchantOf(ctx));
    if (!found || found.sale.PaymentId.toLowerCase() !== body.PaymentId.toLowerCase()) return notFound();
    const { chargeback } = found;
    if (chargeback.Status === 'Received') {
      chargeback.Status = 'Contested';
      chargeback.Contestation = {
        Text: body.Text,
        Files: body.Files.map((f) => {
          const data = Buffer.from(f.Content, 'base64');
          return { FileName: f.FileName, ContentType: f.ContentType, Size: data.length, Sha256: createHash('sha256').update(data).digest('hex') };
        }),
        ReceivedAt: now().toISOString(),
      };
    } else if (!chargeback.Contestation) {
      fail(409, cieloError(0, `The chargeback is ${chargeback.Status}: it takes no contestation`));
    }
    ctx.body = { CaseNumber: chargeback.CaseNumber, Status: chargeback.Status };
  });

  // --- the simulator's own routes (NOT part of Cielo's API; no credentials) -------------------------
  const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
    const r = schema.safeParse(body ?? {});
    if (!r.success) fail(400, ...r.error.issues.map((i) => cieloError(0, `${i.path.join('.') || 'body'}: ${i.message}`)));
    return (r as { data: T }).data;
  };

  router.get('/embedded/sales', (ctx) => {
    const orderId = typeof ctx.query.merchantOrderId === 'string' ? ctx.query.merchantOrderId : undefined;
    const merchant = typeof ctx.query.merchantId === 'string' ? ctx.query.merchantId.toLowerCase() : undefined;
    const sales = (orderId === undefined ? [...books.sales.values()] : books.byOrder(orderId)).filter((x) => merchant === undefined || x.merchantId === merchant);
    ctx.body = { sales: sales.map(renderBooks) };
  });

  router.post('/embedded/sales/:paymentId/chargeback', (ctx) => {
    const sale = found(ctx.params.paymentId);
    const body = parse(chargebackBody, ctx.request.body);
    const left = books.chargebackable(sale);
    if (left === 0 || (body.Amount ?? left) > left) fail(409, cieloError(0, `Only a captured sale can be charged back, up to what is left of it (${left})`));
    const chargeback = books.chargeback(sale, body);
    const delivery = storeOf(sale.merchantId).notifier.notify(sale.PaymentId, CHANGE_TYPE.Chargeback);
    ctx.status = 201;
    ctx.body = { Chargeback: chargeback, notified: delivery !== null };
  });

  // The issuer's decision of a chargeback: Won (the contestation convinced it) or Lost; the store is notified as of any change of the chargeback.
  router.post('/embedded/sales/:paymentId/chargebacks/:caseNumber/outcome', (ctx) => {
    const sale = found(ctx.params.paymentId);
    const body = parse(chargebackOutcomeBody, ctx.request.body);
    const chargeback = sale.Chargebacks.find((c) => c.CaseNumber === ctx.params.caseNumber) ?? notFound();
    if ((chargeback.Status === 'Won' || chargeback.Status === 'Lost') && chargeback.Status !== body.Outcome) fail(409, cieloError(0, `The chargeback is ${chargeback.Status} already`));
    chargeback.Status = body.Outcome;
    const delivery = storeOf(sale.merchantId).notifier.notify(sale.PaymentId, CHANGE_TYPE.Chargeback);
    ctx.body = { Chargeback: chargeback, notified: delivery !== null };
  });

  router.post('/embedded/merchants', (ctx) => {
    const body = parse(merchantBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = openStore({ notificationUrl: body.notificationUrl, notificationHeaders: body.notificationHeaders });
  });
  router.post('/embedded/notification-url', (ctx) => {
    const body = parse(notificationUrlBody, ctx.request.body);
    const { notifier } = storeOf(body.merchantId);
    notifier.url = body.url ?? undefined;
    notifier.headers = body.headers ?? {};
    ctx.status = 204;
  });
  router.get('/embedded/notifications', (ctx) => {
    const { notifier } = storeOf(typeof ctx.query.merchantId === 'string' ? ctx.query.merchantId : undefined);
    ctx.body = { url: notifier.url ?? null, deliveries: notifier.deliveries };
  });

  faultRoutes(router, faults, (body) => parse(faultBody, body));
  router.get('/embedded/stats', (ctx) => {
    ctx.body = { faultsApplied: faults.applied, faultsPending: faults.pending, requests };
  });

  app.use(router.routes());
  app.use(router.allowedMethods());

  const server = http.createServer(app.callback());
  return {
    books,
    async listen(port, host = '127.0.0.1') {
      hosts.baseUrl = `http://${await listenOn(server, port, host)}`;
      hosts.queryUrl = hosts.baseUrl;
      return { baseUrl: hosts.baseUrl, queryUrl: hosts.queryUrl, merchantId, merchantKey };
    },
    close() {
      for (const store of stores.values()) store.notifier.close();
      return closeServer(server);
    },
  };
}
