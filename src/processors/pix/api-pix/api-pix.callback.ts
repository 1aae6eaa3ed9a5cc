import { z } from 'zod';
import type { ReceivedPix } from '../pix-psp.port';
import { ApiPixWireError, pixFromWire } from './wire';

/**
 * The body of an API Pix callback (`POST <webhookUrl>/pix`, the document's `listaPix` callback):
 * `{ "pix": [ Pix … ] }`, each Pix read as `GET /pix/{e2eid}` answers it.
 */
export const callbackPixSchema = z.object({ pix: z.array(z.unknown()).min(1).max(1000) }).meta({ id: 'PixCallback' });

/** The callback's Pix; null with the reason when one does not match the API Pix. */
export function receivedPixOf(body: z.infer<typeof callbackPixSchema>): { pix: ReceivedPix[] } | { invalid: string } {
  try {
    return { pix: body.pix.map(pixFromWire) };
  } catch (err) {
    if (err instanceof ApiPixWireError) return { invalid: err.message };
    throw err;
  }
}
