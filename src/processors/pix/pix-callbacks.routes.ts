import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ApiError, badRequest } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { receivePix } from '../../payments/pix-receipts.service';
import { processorsOf, type PixRail } from '../processors';
import { PixPspError, type ReceivedPix } from './pix-psp.port';
import type { PixConnection } from '../connections/pix-connection';
import { callbackPixSchema, receivedPixOf } from './api-pix/api-pix.callback';

/**
 * Where a company's PSP calls Lastro back: the URL registered with `PUT /webhook/{chave}` is
 * `<public base>/processors/pix/callbacks/<connection id>/<callback secret>`, and the API Pix
 * appends `/pix` to it. A callback is authenticated twice over when the connection says so: the
 * secret in its path (a shared secret only Lastro and the PSP know), and, behind an edge that
 * terminates the PSP's mutual TLS, the client identity the edge verified
 * (PIX_CALLBACK_IDENTITY_HEADER). Every refusal is the same 401, whether the connection exists or not.
 */
export const refused = () => new ApiError(401, 'unauthenticated', 'This callback is not authenticated for this connection');

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

export function authenticated(connection: PixConnection | undefined, secret: string, identity: string | undefined): connection is PixConnection {
  if (!connection || !sameSecret(secret, connection.callbackSecret)) return false;
  return connection.callbackIdentity === null || identity === connection.callbackIdentity;
}

/**
 * A callback is a notification, not the record: each Pix it names is read back from the PSP
 * (`GET /pix/{e2eid}`) and settled as the PSP has it, so a forged or altered callback (a leaked
 * secret) settles nothing the PSP did not receive. A PSP that does not answer fails the callback
 * (5xx), which the PSP retries; the reconciliation run is the backstop.
 */
async function confirmedAtPsp(rail: PixRail, reported: ReceivedPix[]): Promise<ReceivedPix[]> {
  const confirmed: ReceivedPix[] = [];
  for (let i = 0; i < reported.length; i += CONFIRM_AT_ONCE) {
    const read = await Promise.all(reported.slice(i, i + CONFIRM_AT_ONCE).map((p) => rail.psp.getPix(p.endToEndId))).catch((err: unknown) => {
      if (err instanceof PixPspError) throw new ApiError(503, 'processor_unavailable', 'The PSP could not confirm the Pix of this callback; send it again');
      throw err;
    });
    confirmed.push(...read.filter((p): p is ReceivedPix => p !== null));
  }
  return confirmed;
}

/** Reads of a callback's Pix in flight at once (a PSP may batch up to 1000 in one callback). */
const CONFIRM_AT_ONCE = 16;

const params = z.strictObject({ connectionId: z.string().min(1).max(40), secret: z.string().min(1).max(128) });
const receivedSchema = z.object({ received: z.number().int() }).meta({ id: 'PixCallbackReceipt' });

const callbackRoute = (path: string, operationId: string) =>
  defineRoute({
    method: 'post',
    path,
    operationId,
    summary: "A PSP's Pix callback (API Pix `PUT /webhook/{chave}`)",
    description: 'Called by the PSP, not by merchants: settles the payments the Pix received pay, once each (docs/processors.md).',
    tag: 'Processors',
    auth: 'public',
    hidden: true,
    request: { params, body: callbackPixSchema },
    responses: { 200: { description: 'Received', schema: receivedSchema } },
    errors: [400, 401],
    transaction: false,
    async handler({ em, params: p, body, deps, koa }) {
      const identityHeader = deps.config.processors.callbackIdentityHeader;
      const rail = await processorsOf(deps).pixById(em, p.connectionId);
      if (!authenticated(rail?.connection, p.secret, identityHeader ? koa.get(identityHeader) || undefined : undefined)) throw refused();
      const read = receivedPixOf(body);
      if ('invalid' in read) throw badRequest('validation_failed', read.invalid);
      const confirmed = await confirmedAtPsp(rail!, read.pix);
      if (confirmed.length < read.pix.length) deps.logger.warn({ connectionId: rail!.connection.id, unconfirmed: read.pix.length - confirmed.length }, 'Pix callback named Pix its PSP does not have; ignored');
      const report = await receivePix(deps, rail!.connection.id, confirmed);
      const { paid: _paid, ...counts } = report;
      deps.logger.info({ connectionId: rail!.connection.id, ...counts }, 'Pix callback');
      return { body: { received: report.received } };
    },
  });

export const pixCallbackRoutes = [
  callbackRoute('/processors/pix/callbacks/:connectionId/:secret/pix', 'receivePixCallback'),
  // Some PSPs call the URL as registered, without the `/pix` the API Pix appends.
  callbackRoute('/processors/pix/callbacks/:connectionId/:secret', 'receivePixCallbackBare'),
];
