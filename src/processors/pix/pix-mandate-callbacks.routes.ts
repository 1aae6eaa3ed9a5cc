import { z } from 'zod';
import { ApiError, badRequest } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { followMandateCharges } from '../../billing/mandate-charges.service';
import { noticeWorthFollowing } from '../../billing/mandate-charges.rules';
import { mandateRefreshed, refreshMandate } from '../../billing/mandates.service';
import { processorsOf } from '../processors';
import { PixPspError } from './pix-psp.port';
import { ApiPixWireError } from './api-pix/wire';
import { mandateChargeNotificationsFromWire, mandateNotificationsFromWire } from './api-pix/mandate-wire';
import { authenticated, refused } from './pix-callbacks.routes';

/**
 * Where a company's PSP reports its Pix Automático mandates: `<callback URL>/rec` (API Pix
 * `PUT /webhookrec`), authenticated as the Pix callbacks are. Each mandate named is read back from
 * the PSP and its row brought in line (billing's mandates service), so a forged callback changes
 * nothing the PSP does not hold.
 */
const params = z.strictObject({ connectionId: z.string().min(1).max(40), secret: z.string().min(1).max(128) });
const body = z.object({ recs: z.array(z.unknown()).min(1).max(1000) }).meta({ id: 'PixMandateCallback' });
const chargesBody = z.object({ cobsr: z.array(z.unknown()).min(1).max(1000) }).meta({ id: 'PixMandateChargeCallback' });
const unavailable = (what: string) => new ApiError(503, 'processor_unavailable', `The PSP could not confirm the ${what} of this callback; send it again`);

type CallbackContext = Parameters<Parameters<typeof defineRoute>[0]['handler']>[0];

/** The connection a callback names, once its secret (and the identity header, when set) proved the caller; 401 otherwise. */
async function callerRail({ em, params: p, deps, koa }: Pick<CallbackContext, 'em' | 'params' | 'deps' | 'koa'>) {
  const identityHeader = deps.config.processors.callbackIdentityHeader;
  const { connectionId, secret } = p as z.infer<typeof params>;
  const rail = await processorsOf(deps).pixById(em, connectionId);
  if (!rail || !authenticated(rail.connection, secret, identityHeader ? koa.get(identityHeader) || undefined : undefined)) throw refused();
  return rail;
}

/** A callback body read as the API Pix has it; 400 when it is not. */
function fromWire<T>(read: (b: unknown) => T, b: unknown): T {
  try {
    return read(b);
  } catch (err) {
    if (err instanceof ApiPixWireError) throw badRequest('validation_failed', err.message);
    throw err;
  }
}

export const pixMandateCallbackRoutes = [
  defineRoute({
    method: 'post',
    path: '/processors/pix/callbacks/:connectionId/:secret/rec',
    operationId: 'receivePixMandateCallback',
    summary: "A PSP's Pix Automático callback (API Pix `PUT /webhookrec`)",
    description: 'Called by the PSP, not by merchants: brings the mandates it names in line with the PSP.',
    tag: 'Processors',
    auth: 'public',
    hidden: true,
    request: { params, body },
    responses: { 200: { description: 'Received', schema: z.object({ received: z.number().int() }).meta({ id: 'PixMandateCallbackReceipt' }) } },
    errors: [400, 401],
    transaction: false,
    async handler(ctx) {
      const { em, body: b, deps } = ctx;
      const rail = await callerRail(ctx);
      const reported = fromWire(mandateNotificationsFromWire, b);
      for (const { id } of reported) {
        try {
          const refreshed = await em.fork().transactional((tem) => refreshMandate(tem, rail, id));
          if (refreshed) await mandateRefreshed(deps, refreshed);
        } catch (err) {
          if (err instanceof PixPspError) throw unavailable('mandates');
          throw err;
        }
      }
      return { body: { received: reported.length } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/processors/pix/callbacks/:connectionId/:secret/cobr',
    operationId: 'receivePixMandateChargeCallback',
    summary: "A PSP's Pix Automático charge callback (API Pix `PUT /webhookcobr`)",
    description: 'Called by the PSP, not by merchants: follows the recurring charges it names as the PSP has them (docs/billing.md "Pix Automático").',
    tag: 'Processors',
    auth: 'public',
    hidden: true,
    request: { params, body: chargesBody },
    responses: { 200: { description: 'Received', schema: z.object({ received: z.number().int() }).meta({ id: 'PixMandateChargeCallbackReceipt' }) } },
    errors: [400, 401],
    transaction: false,
    async handler(ctx) {
      const { body: b, deps } = ctx;
      const rail = await callerRail(ctx);
      const reported = fromWire(mandateChargeNotificationsFromWire, b);
      try {
        // A notice of a charge still waiting (one just scheduled) asks for nothing: no read-back.
        await followMandateCharges(deps, rail, [...new Set(reported.filter(noticeWorthFollowing).map((r) => r.txid))]);
      } catch (err) {
        if (err instanceof PixPspError) throw unavailable('charges');
        throw err;
      }
      return { body: { received: reported.length } };
    },
  }),
];
