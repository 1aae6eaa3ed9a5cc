import type { PixMandate, PixMandateCharge, PixMandates } from '../pix-psp.port';
import type { HttpAnswer } from './http';
import {
  assertMandateId,
  bankRequestFromWire,
  bankRequestToWire,
  locationIdFromWire,
  mandateChargeFromWire,
  mandateChargeToWire,
  mandateFromWire,
  mandateToWire,
} from './mandate-wire';
import { ApiPixWireError, assertId, webhookUrlFromWire } from './wire';
import type { PixPspError } from '../pix-psp.port';

/**
 * Pix Automático over the API Pix (`locrec`, `rec`, `solicrec`, `cobr`, `webhookrec`,
 * `webhookcobr`), on the adapter's authenticated calls (`api-pix.psp.ts` hands them in).
 * A cancellation the PSP refuses because the mandate or charge has already ended is answered
 * with what it is, as `removeCharge` does for a `cob`.
 */

export type ApiPixMethod = 'GET' | 'PUT' | 'PATCH' | 'POST';

export interface ApiPixCaller {
  call(method: ApiPixMethod, route: string, path: string, body?: unknown): Promise<HttpAnswer>;
  exchange<T>(method: ApiPixMethod, route: string, path: string, map: (body: unknown) => T, opts?: { body?: unknown; nullable?: boolean }): Promise<T | null>;
  wire<T>(route: string, f: () => T): T;
  refused(route: string, answer: HttpAnswer): PixPspError;
  isOk(answer: HttpAnswer): boolean;
  isNotFound(answer: HttpAnswer): boolean;
}

export function createApiPixMandates(c: ApiPixCaller): PixMandates {
  const recPath = (id: string) => `/rec/${encodeURIComponent(assertMandateId(id))}`;
  const cobrPath = (txid: string) => `/cobr/${encodeURIComponent(assertId('txid', txid))}`;

  /** PATCH to CANCELADA; a 4xx on something already ended reads it back and answers it. */
  async function cancel<T extends { status: string }>(route: string, path: string, read: () => Promise<T | null>, map: (b: unknown) => T, live: readonly string[]): Promise<T | null> {
    const answer = await c.call('PATCH', route, path, { status: 'CANCELADA' });
    if (c.isNotFound(answer)) return null;
    if (c.isOk(answer)) return c.wire(route, () => map(answer.body));
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403) {
      const current = await read();
      if (current && !live.includes(current.status)) return current;
    }
    throw c.refused(route, answer);
  }

  const mandates: PixMandates = {
    async createMandate(request) {
      const locId = request.withQr ? (await c.exchange('POST', 'POST /locrec', '/locrec', locationIdFromWire))! : null;
      const body = c.wire('POST /rec', () => mandateToWire(request, locId));
      const created = (await c.exchange('POST', 'POST /rec', '/rec', mandateFromWire, { body }))!;
      // The BR Code (`dadosQR`) is answered by the read, not by the creation; journey 3's
      // composite one (the immediate charge's and the mandate's) by the read naming the charge.
      if (!request.withQr) return created;
      return (await mandates.getMandate(created.id, request.firstPaymentTxid)) ?? created;
    },

    async getMandate(id, firstPaymentTxid) {
      const route = 'GET /rec/{idRec}';
      const path = c.wire(route, () => recPath(id) + (firstPaymentTxid ? `?txid=${encodeURIComponent(assertId('txid', firstPaymentTxid))}` : ''));
      return c.exchange('GET', route, path, mandateFromWire, { nullable: true });
    },

    async cancelMandate(id): Promise<PixMandate | null> {
      const route = 'PATCH /rec/{idRec}';
      return cancel(route, c.wire(route, () => recPath(id)), () => mandates.getMandate(id), mandateFromWire, ['CRIADA', 'APROVADA']);
    },

    async requestMandateAtBank(request) {
      const body = c.wire('POST /solicrec', () => bankRequestToWire(request));
      return (await c.exchange('POST', 'POST /solicrec', '/solicrec', bankRequestFromWire, { body }))!;
    },

    async createMandateCharge(request) {
      const route = 'PUT /cobr/{txid}';
      const [path, body] = c.wire(route, () => [cobrPath(request.txid), mandateChargeToWire(request)] as const);
      return (await c.exchange('PUT', route, path, mandateChargeFromWire, { body }))!;
    },

    async getMandateCharge(txid) {
      const route = 'GET /cobr/{txid}';
      return c.exchange('GET', route, c.wire(route, () => cobrPath(txid)), mandateChargeFromWire, { nullable: true });
    },

    async cancelMandateCharge(txid): Promise<PixMandateCharge | null> {
      const route = 'PATCH /cobr/{txid}';
      return cancel(route, c.wire(route, () => cobrPath(txid)), () => mandates.getMandateCharge(txid), mandateChargeFromWire, ['CRIADA', 'ATIVA']);
    },

    async retryMandateCharge(txid, date) {
      const route = 'POST /cobr/{txid}/retentativa/{data}';
      const path = c.wire(route, () => {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new ApiPixWireError('date is not YYYY-MM-DD');
        return `${cobrPath(txid)}/retentativa/${date}`;
      });
      return (await c.exchange('POST', route, path, mandateChargeFromWire))!;
    },

    async registerMandateWebhooks(url) {
      await c.exchange('PUT', 'PUT /webhookrec', '/webhookrec', () => undefined, { body: { webhookUrl: url } });
      await c.exchange('PUT', 'PUT /webhookcobr', '/webhookcobr', () => undefined, { body: { webhookUrl: url } });
    },

    async getMandateWebhooks() {
      const [rec, cobr] = await Promise.all([
        c.exchange('GET', 'GET /webhookrec', '/webhookrec', webhookUrlFromWire, { nullable: true }),
        c.exchange('GET', 'GET /webhookcobr', '/webhookcobr', webhookUrlFromWire, { nullable: true }),
      ]);
      return { mandates: rec, charges: cobr };
    },
  };
  return mandates;
}
