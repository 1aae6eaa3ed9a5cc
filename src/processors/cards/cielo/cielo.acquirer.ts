import type { AcquirerSale, AuthorizationRequest, ChargebackContestation, AuthorizationResult, GatewayRefundRequest, GatewayRefundResult, PaymentGateway } from '../../../payments/payment-gateway';
import type { CieloConnection, CieloOptions } from './cielo.connection';
import { pickSale, saleErrorOutcome, saleOutcome, voidAccepted, voidHeldAsDuplicate, voidableAmount } from './cielo.rules';
import { CieloAcquirerError, cieloErrorsOf } from './errors';
import { createDispatcher, isLost, once, pause, sendRetrying, type HttpAnswer, type Lost, type Transport } from './http';
import { limiter, serializer } from './limits';
import { CieloWireError, assertSoftDescriptor, cieloBrand, isPaymentId, keyOfMerchantOrderId, merchantOrderIdOf, orderSalesFromWire, saleFromWire, saleToWire, type CieloSale } from './wire';

/**
 * Lastro's card port over Cielo's E-commerce API 3.0. Cielo keeps no idempotency key: a sale POST
 * sent twice charges twice. So the idempotency key is the sale's `MerchantOrderId`, and the query
 * API decides: every authorization but a first attempt (`firstAttemptUntil`: no earlier call can
 * have sent its POST) first asks for the sales under its order and answers the one it finds; a POST
 * whose answer is lost (timeout, dropped connection, 5xx, 429) is followed by the same query,
 * and only when Cielo holds no sale is the POST sent again: at once after a 5xx or 429,
 * after a timeout or a dropped connection only by a later call (the request may still land).
 * Voids and reads are retried freely; a partial void (a refund) is checked against the sale's
 * `VoidedAmount` before and after.
 *
 * Outcomes: approved, refused (Status 3, the reason from its ReturnCode, cielo.rules.ts), failed
 * (Status 13, a request Cielo rejects, wrong credentials). A call whose outcome cannot be known yet
 * (Cielo unreachable, a sale not finished, a lost POST not yet visible) throws a retryable
 * `CieloAcquirerError`: the activity asks again later, and asking again starts with the query.
 */

export interface CieloRefundRequest extends GatewayRefundRequest {
  /**
   * The cents of this charge Lastro counts as refunded before this refund (its earlier refunds
   * that completed). With it, a refund asked again after its answer was lost finds its void in the
   * sale's VoidedAmount and does not void twice; without it, only a retry inside one call is safe.
   */
  refundedBefore?: number;
}

export interface CieloAcquirer extends PaymentGateway {
  refund(request: CieloRefundRequest): Promise<GatewayRefundResult>;
  /**
   * The sale of a reference (Cielo's PaymentId) read from the query API, with its chargebacks: what
   * a notification is confirmed against. Null when Cielo has no such sale; throws when it cannot say.
   */
  sale(reference: string): Promise<AcquirerSale | null>;
  /**
   * Sends the merchant's evidence of a dispute (`POST /1/chargebacks/{CaseNumber}/contestation`).
   * Sending it again is harmless: a case already contested answers as the first time. Throws a
   * retryable error when Cielo cannot be reached, a final one when it refuses.
   */
  contestChargeback(c: ChargebackContestation): Promise<void>;
  /** Closes the kept-alive connections to Cielo. */
  close(): Promise<void>;
}

const trimUrl = (u: string) => u.replace(/\/+$/, '');
const isOk = (a: HttpAnswer) => a.status >= 200 && a.status < 300;
const isAuthError = (a: { status: number | null }) => a.status === 401 || a.status === 403;
/** The reference of an answer no sale stands behind (Cielo refused the request, or it was never sent). */
const NO_SALE = '';

export function createCieloAcquirer(connection: CieloConnection, options: CieloOptions = {}): CieloAcquirer {
  const dispatcher = createDispatcher();
  const t: Transport = {
    dispatcher,
    timeoutMs: options.timeoutMs ?? 15_000,
    attempts: Math.max(1, options.attempts ?? 3),
    retryBaseMs: options.retryBaseMs ?? 250,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 5_000,
    credentials: { merchantId: connection.merchantId, merchantKey: connection.merchantKey },
  };
  const saleAttempts = Math.max(1, options.saleAttempts ?? 2);
  const duplicateVoidWaitMs = options.duplicateVoidWaitMs ?? 5_000;
  const softDescriptor = options.softDescriptor === undefined ? undefined : assertSoftDescriptor(options.softDescriptor);
  const base = trimUrl(connection.baseUrl);
  const query = trimUrl(connection.queryUrl);
  const inFlight = limiter(Math.max(1, options.maxConcurrency ?? 8));
  const oneAtATime = serializer();

  function refused(route: string, answer: HttpAnswer): CieloAcquirerError {
    const errors = cieloErrorsOf(answer.body);
    const why = isAuthError(answer) ? 'MerchantId or MerchantKey refused' : errors ? errors.text : 'no error body';
    return new CieloAcquirerError(`${route}: Cielo refused the request (${answer.status}: ${why})`, false, answer.status);
  }

  function read<T>(route: string, f: () => T): T {
    try {
      return f();
    } catch (err) {
      if (err instanceof CieloWireError) throw new CieloAcquirerError(`${route}: ${err.message}`, false);
      throw err;
    }
  }

  /** `GET /1/sales/{PaymentId}` on the query API; null when Cielo has no such sale. */
  async function readSale(paymentId: string): Promise<CieloSale | null> {
    const route = 'GET /1/sales/{PaymentId}';
    const answer = await sendRetrying(t, { method: 'GET', route, url: `${query}/1/sales/${paymentId}` });
    if (answer.status === 404 && typeof answer.body !== 'string') return null;
    if (!isOk(answer)) throw refused(route, answer);
    return read(route, () => saleFromWire(answer.body));
  }

  /** Every sale under one MerchantOrderId, read whole. */
  async function salesOf(key: string): Promise<CieloSale[]> {
    const route = 'GET /1/sales?merchantOrderId=';
    const answer = await sendRetrying(t, { method: 'GET', route, url: `${query}/1/sales?merchantOrderId=${encodeURIComponent(key)}` });
    // Cielo answers an order it does not know with a 404 of its own (JSON or empty); a page of text is a wrong queryUrl or a proxy, not "no sale".
    if (answer.status === 404 && typeof answer.body !== 'string') return [];
    if (!isOk(answer)) throw refused(route, answer);
    const ids = read(route, () => orderSalesFromWire(answer.body));
    const sales = await Promise.all(ids.map((id) => readSale(id)));
    if (sales.some((s) => s === null)) throw new CieloAcquirerError(`${route}: a sale the order lists cannot be read yet`, true);
    return sales as CieloSale[];
  }

  /** What Cielo holds for an order: the outcome of its sale, null when it holds none; a sale still unfinished after a few looks throws. */
  async function outcomeOfOrder(key: string): Promise<AuthorizationResult | null> {
    for (let i = 0; ; i++) {
      const pick = pickSale(await salesOf(key));
      if (pick === null) return null;
      if (pick !== 'unfinished') return saleOutcome(pick)!;
      if (i + 1 >= t.attempts) throw new CieloAcquirerError('the sale of this order is not finished at Cielo yet', true);
      await pause(t, { lost: 'unfinished', inFlight: false, status: null }, i);
    }
  }

  /** A sale Cielo answered as not finished: read again a few times before giving the question back. */
  async function finished(sale: CieloSale): Promise<AuthorizationResult> {
    for (let i = 0; ; i++) {
      const outcome = saleOutcome(sale);
      if (outcome) return outcome;
      if (i + 1 >= t.attempts) throw new CieloAcquirerError('the sale is not finished at Cielo yet', true);
      await pause(t, { lost: 'unfinished', inFlight: false, status: null }, i);
      sale = (await readSale(sale.paymentId)) ?? sale;
    }
  }

  const answer = (status: 'refused' | 'failed', code: string): AuthorizationResult => ({ status, code, reference: NO_SALE, authorizationCode: null });

  async function authorizeNow(req: AuthorizationRequest): Promise<AuthorizationResult> {
    if (!/^\d{12,19}$/.test(req.card.pan)) return answer('refused', 'invalid_card');
    if (!cieloBrand(req.card.pan)) return answer('refused', 'card_not_supported');
    let body: Record<string, unknown>;
    let key: string;
    try {
      key = merchantOrderIdOf(req.idempotencyKey);
      body = saleToWire(req, { softDescriptor });
    } catch (err) {
      if (err instanceof CieloWireError) return answer('failed', 'processor_error');
      throw err;
    }
    // A first attempt has no earlier POST to find: its sale costs one call. Any other looks first.
    const firstAttempt = (req.firstAttemptUntil ?? 0) > Date.now();
    if (!firstAttempt) {
      try {
        const known = await outcomeOfOrder(key);
        if (known) return known;
      } catch (err) {
        // Credentials Cielo refuses: no sale can be made with them, and asking again will not change that.
        if (err instanceof CieloAcquirerError && isAuthError(err)) return answer('failed', 'processor_error');
        throw err;
      }
    }
    const route = 'POST /1/sales/';
    for (let i = 0; i < saleAttempts; i++) {
      const a = await once(t, { method: 'POST', route, url: `${base}/1/sales/`, body });
      let last: Lost;
      if (!isLost(a)) {
        if (isOk(a)) {
          try {
            return await finished(saleFromWire(a.body));
          } catch (err) {
            // A 2xx Lastro cannot read still made a sale: the query below reads it, and no POST follows.
            if (!(err instanceof CieloWireError)) throw err;
            last = { lost: `unreadable answer (${err.message})`, inFlight: true, status: a.status };
          }
        } else if (isAuthError(a)) {
          return answer('failed', 'processor_error');
        } else {
          const outcome = saleErrorOutcome(cieloErrorsOf(a.body)?.codes ?? []);
          return answer(outcome.status, outcome.code);
        }
      } else {
        last = a;
      }
      await pause(t, last, i);
      const known = await outcomeOfOrder(key);
      if (known) return known;
      // A POST that may still be running at Cielo is not sent again now: the next call's query sees it if it lands.
      if (last.inFlight) throw new CieloAcquirerError(`${route}: ${last.lost}, and Cielo holds no sale for the order yet; ask again`, true, last.status);
    }
    // Cielo answered every POST with a 5xx or 429 and holds no sale: nothing was charged.
    return answer('failed', 'processor_error');
  }

  /**
   * Voids `amount` cents of a sale (all that is left when null) until its VoidedAmount reaches
   * `target`. Every answer but a plain success is checked against the sale: a void that was done
   * though its answer was lost is not sent again.
   */
  async function voidSale(paymentId: string, amount: number | null, target: number): Promise<{ done: true } | { done: false; why: string }> {
    const route = amount === null ? 'PUT /1/sales/{PaymentId}/void' : 'PUT /1/sales/{PaymentId}/void?amount=';
    const url = `${base}/1/sales/${paymentId}/void${amount === null ? '' : `?amount=${amount}`}`;
    let last: Lost | null = null;
    for (let i = 0; i < t.attempts; i++) {
      if (last) await pause(t, last, i - 1);
      const a = await once(t, { method: 'PUT', route, url });
      if (!isLost(a) && isOk(a) && voidAccepted(a.body)) return { done: true };
      const sale = await readSale(paymentId);
      if (sale && sale.voidedAmount >= target) return { done: true };
      if (!isLost(a) && voidHeldAsDuplicate(a.body)) {
        last = { lost: 'held as a duplicate of a void just accepted', inFlight: false, status: a.status, waitMs: duplicateVoidWaitMs };
        continue;
      }
      if (!isLost(a)) {
        const errors = isOk(a) ? null : cieloErrorsOf(a.body);
        if (isAuthError(a)) throw refused(route, a);
        return { done: false, why: `${route}: Cielo did not void (${a.status}${errors ? `: ${errors.text}` : ''})` };
      }
      last = a;
    }
    throw new CieloAcquirerError(`${route}: ${last!.lost} after ${t.attempts} attempts, and the sale shows no void`, true, last!.status);
  }

  async function refundNow(req: CieloRefundRequest): Promise<GatewayRefundResult> {
    const reference = req.chargeReference ?? NO_SALE;
    const failed = (code: string): GatewayRefundResult => ({ status: 'failed', code, reference });
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0) return failed('refund_rejected');
    if (!isPaymentId(req.chargeReference)) return failed('charge_not_found');
    const sale = await readSale(req.chargeReference);
    if (!sale) return failed('charge_not_found');
    const before = sale.voidedAmount;
    if (req.refundedBefore !== undefined) {
      // Done by an earlier try of this refund whose answer was lost.
      if (before === req.refundedBefore + req.amount) return { status: 'refunded', code: null, reference };
      if (before !== req.refundedBefore) {
        throw new CieloAcquirerError(`the sale's VoidedAmount (${before}) is neither the refunds before this one (${req.refundedBefore}) nor those plus this one: another refund of it is under way, or it was voided outside Lastro`, true);
      }
    }
    if (req.amount > voidableAmount(sale)) return failed('refund_rejected');
    const outcome = await voidSale(sale.paymentId, req.amount, before + req.amount);
    return outcome.done ? { status: 'refunded', code: null, reference } : failed('refund_rejected');
  }

  return {
    name: 'cielo',

    authorize: (req) => inFlight(() => authorizeNow(req)),

    async void(idempotencyKey) {
      const key = read('void', () => merchantOrderIdOf(idempotencyKey));
      // Every sale under the order: a POST lost in flight and sent again may have left two.
      for (const sale of await salesOf(key)) {
        if (saleOutcome(sale) === null) throw new CieloAcquirerError('void: a sale of this order is not finished at Cielo yet', true);
        if (voidableAmount(sale) === 0) continue;
        const outcome = await voidSale(sale.paymentId, null, sale.amount);
        if (!outcome.done) throw new CieloAcquirerError(outcome.why, false);
      }
    },

    refund: (req) => oneAtATime(req.chargeReference ?? req.idempotencyKey, () => refundNow(req)),

    async sale(reference) {
      if (!isPaymentId(reference)) return null;
      const sale = await readSale(reference);
      return sale && { reference: sale.paymentId, idempotencyKey: sale.merchantOrderId && keyOfMerchantOrderId(sale.merchantOrderId), chargebacks: sale.chargebacks };
    },

    async contestChargeback(c) {
      const route = 'POST /1/chargebacks/{CaseNumber}/contestation';
      const body = {
        PaymentId: c.saleReference,
        Text: c.text,
        Files: c.files.map((f) => ({ FileName: f.filename, ContentType: f.contentType, Content: f.data.toString('base64') })),
      };
      const answer = await sendRetrying(t, { method: 'POST', route, url: `${base}/1/chargebacks/${encodeURIComponent(c.caseNumber)}/contestation`, body });
      if (!isOk(answer)) throw refused(route, answer);
    },

    close: () => dispatcher.close(),
  };
}
