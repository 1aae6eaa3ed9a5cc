import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { processorsOf, type PayoutRail } from '../processors';
import { sentIdsOfCallback } from './efi/wire';
import { applyPayoutState } from './payout-reports.service';
import { PayoutProviderError, type PayoutState } from './payout-provider.port';

/**
 * Where a company's payout provider calls Lastro back: the webhook registered for the account's
 * Pix key is `<public base>/processors/payouts/callbacks/<connection id>/<callback secret>`, and
 * Efí appends `/pix`. A callback is a notification, not the record: each transfer it names
 * (`gnExtras.idEnvio`) is read back from the provider by its id, and only what the provider shows
 * is applied, through the path the payout reconciliation takes too (`applyPayoutState`): the
 * outcome of a withdrawal or refund transfer in flight, and money a receiving bank sent back after
 * one was paid. Every refusal is the same 401, whether the connection exists or not.
 */
const refused = () => new ApiError(401, 'unauthenticated', 'This callback is not authenticated for this connection');
const digest = (s: string) => createHash('sha256').update(s).digest();

function authenticated(rail: PayoutRail | null, secret: string): rail is PayoutRail {
  return rail !== null && timingSafeEqual(digest(secret), digest(rail.connection.callbackSecret));
}

/** The transfers named, as the provider has them; a provider that cannot answer fails the callback (503: it sends it again). */
async function confirmed(rail: PayoutRail, ids: string[]): Promise<Array<{ id: string; state: PayoutState }>> {
  try {
    const read = await Promise.all(ids.map(async (id) => ({ id, state: await rail.provider.get(id) })));
    return read.filter((r): r is { id: string; state: PayoutState } => r.state !== null);
  } catch (err) {
    if (err instanceof PayoutProviderError) throw new ApiError(503, 'processor_unavailable', 'The payout provider could not confirm the transfers of this callback; send it again');
    throw err;
  }
}

const params = z.strictObject({ connectionId: z.string().min(1).max(40), secret: z.string().min(1).max(128) });
const body = z.object({ pix: z.array(z.unknown()).min(1).max(1000) }).meta({ id: 'PayoutCallback' });
const receipt = z.object({ received: z.number().int(), returned: z.number().int() }).meta({ id: 'PayoutCallbackReceipt' });

const callbackRoute = (path: string, operationId: string) =>
  defineRoute({
    method: 'post',
    path,
    operationId,
    summary: "A payout provider's callback (Efí's Pix webhook of the paying key)",
    description: 'Called by the payout provider, not by merchants: applies what it confirms about transfers sent (docs/processors.md).',
    tag: 'Processors',
    auth: 'public',
    hidden: true,
    request: { params, body },
    responses: { 200: { description: 'Received', schema: receipt } },
    errors: [400, 401, 503],
    transaction: false,
    async handler({ em, params: p, body: b, deps }) {
      const rail = await processorsOf(deps).payoutById(em, p.connectionId);
      if (!authenticated(rail, p.secret)) throw refused();
      // Pix received on the same key carry no idEnvio: they are not this route's business.
      const ids = sentIdsOfCallback(b) ?? [];
      const read = await confirmed(rail, ids);
      let returned = 0;
      for (const { id, state } of read) {
        if ((await applyPayoutState(deps, rail.connection.id, id, state)) === 'returned') returned++;
      }
      deps.logger.info({ connectionId: rail.connection.id, named: ids.length, confirmed: read.length, returned }, 'Payout callback');
      return { body: { received: ids.length, returned } };
    },
  });

export const payoutCallbackRoutes = [
  callbackRoute('/processors/payouts/callbacks/:connectionId/:secret/pix', 'receivePayoutCallback'),
  callbackRoute('/processors/payouts/callbacks/:connectionId/:secret', 'receivePayoutCallbackBare'),
];
