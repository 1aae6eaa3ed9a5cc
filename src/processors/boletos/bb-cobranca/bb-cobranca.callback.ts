import { z } from 'zod';
import type { BbCobrancaConnection } from './bb-cobranca.connection';
import { numberOfTitle } from './wire';

/**
 * The body of BB's Cobrança webhook (a "baixa operacional": a liquidation, or a baixa asked for):
 * an array of boletos, each named by `id` (its numeroTituloCliente). Only the ids are read: the
 * callback is a notification, each boleto is read back from BB before anything is settled.
 */
export const boletoCallbackSchema = z.array(z.object({ id: z.string().min(1).max(40) }).loose()).min(1).max(1000).meta({ id: 'BoletoCallback' });

/** Lastro's numbers of the callback's boletos of this convênio; another convênio's ids are left out. */
export function boletoNumbersOf(connection: Pick<BbCobrancaConnection, 'convenio'>, body: z.infer<typeof boletoCallbackSchema>): string[] {
  return [...new Set(body.map((b) => numberOfTitle(connection, b.id)).filter((n): n is string => n !== null))];
}
