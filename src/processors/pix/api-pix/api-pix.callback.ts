import { z } from 'zod';
import type { ReceivedPix } from '../pix-psp.port';

/**
 * The body of an API Pix callback (`POST <webhookUrl>/pix`, the document's `listaPix` callback):
 * `{ "pix": [ Pix … ] }`. Only what Lastro reads is checked; anything else a PSP adds passes.
 */
const pixSchema = z.object({
  endToEndId: z.string().min(1).max(35),
  txid: z.string().max(35).optional(),
  valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
  horario: z.iso.datetime({ offset: true }),
  infoPagador: z.string().max(140).optional(),
});

export const callbackPixSchema = z.object({ pix: z.array(pixSchema).min(1).max(1000) }).meta({ id: 'PixCallback' });

/** Devoluções are followed by the refund that asked for them, so a callback's are not read here. */
export function receivedPixOf(p: z.infer<typeof pixSchema>): ReceivedPix {
  const [units, decimals] = p.valor.split('.');
  return {
    endToEndId: p.endToEndId,
    txid: p.txid ?? null,
    amount: Number(units) * 100 + Number(decimals),
    paidAt: new Date(p.horario).toISOString(),
    payerInfo: p.infoPagador ?? null,
    refunds: [],
  };
}
