import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { receiveBoletos } from '../../payments/boleto-receipts.service';
import { processorsOf, type BoletoRail } from '../processors';
import { BoletoIssuerError, type PaidBoleto } from './boleto-issuer.port';
import { boletoCallbackSchema, boletoNumbersOf } from './bb-cobranca/bb-cobranca.callback';

/**
 * Where a company's boleto issuer calls Lastro back: the webhook URL registered at the bank is
 * `<public base>/processors/boletos/callbacks/<connection id>/<callback secret>`. The secret in the
 * path authenticates it; every refusal is the same 401, whether the connection exists or not.
 */
const refused = () => new ApiError(401, 'unauthenticated', 'This callback is not authenticated for this connection');
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * A callback is a notification, not the record: each boleto it names is read back from the
 * issuer and settled only when the issuer has it paid, so a forged callback settles nothing. An
 * issuer that cannot confirm fails the callback (503), which the issuer sends again.
 */
async function confirmedPaid(rail: BoletoRail, numbers: string[]): Promise<PaidBoleto[]> {
  const read = await Promise.all(numbers.map((n) => rail.issuer.get(n))).catch((err: unknown) => {
    if (err instanceof BoletoIssuerError) throw new ApiError(503, 'processor_unavailable', 'The issuer could not confirm the boletos of this callback; send it again');
    throw err;
  });
  return read.flatMap((b) => (b?.status === 'paid' ? [{ number: b.number, paidAmount: b.paidAmount ?? b.amount, paidOn: b.paidOn ?? '' }] : []));
}

export const boletoCallbackRoutes = [
  defineRoute({
    method: 'post',
    path: '/processors/boletos/callbacks/:connectionId/:secret',
    operationId: 'receiveBoletoCallback',
    summary: "A boleto issuer's liquidation webhook (BB API Cobranças)",
    description: 'Called by the issuer, not by merchants: settles the payments of the boletos it names once the issuer confirms them paid (docs/processors.md).',
    tag: 'Processors',
    auth: 'public',
    hidden: true,
    request: { params: z.strictObject({ connectionId: z.string().min(1).max(40), secret: z.string().min(1).max(128) }), body: boletoCallbackSchema },
    responses: { 200: { description: 'Received', schema: z.object({ received: z.number().int() }).meta({ id: 'BoletoCallbackReceipt' }) } },
    errors: [400, 401],
    transaction: false,
    async handler({ em, params: p, body, deps }) {
      const rail = await processorsOf(deps).boletoById(em, p.connectionId);
      if (!rail || !timingSafeEqual(digest(p.secret), digest(rail.connection.callbackSecret))) throw refused();
      const paid = await confirmedPaid(rail, boletoNumbersOf(rail.connection, body));
      const { paid: _paid, ...counts } = await receiveBoletos(deps, rail.connection.id, paid);
      deps.logger.info({ connectionId: rail.connection.id, named: body.length, ...counts }, 'Boleto callback');
      return { body: { received: body.length } };
    },
  }),
];
