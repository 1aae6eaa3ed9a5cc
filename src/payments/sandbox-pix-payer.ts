import { Agent, fetch } from 'undici';
import { ApiError, conflict } from '../http/errors';
import type { PixConnection } from '../processors/connections/pix-connection';

/**
 * Sandbox: pays a Pix charge as a buyer's bank would, by asking the company's PSP to receive it.
 * Only the embedded PSP has this door (`POST /embedded/cob/{txid}/pay`, its simulator route, not
 * part of the API Pix); it then calls Lastro back exactly as a real PSP does, so the payment
 * settles through the callback route like any other. A company connected to another PSP pays
 * its charges with that PSP's own sandbox tools.
 */
export async function payPixInSandbox(connection: PixConnection, txid: string): Promise<void> {
  const dispatcher = connection.tls ? new Agent({ connect: { cert: connection.tls.cert, key: connection.tls.key, ca: connection.tls.ca } }) : undefined;
  try {
    const res = await fetch(`${connection.baseUrl.replace(/\/+$/, '')}/embedded/cob/${encodeURIComponent(txid)}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      dispatcher,
      signal: AbortSignal.timeout(10_000),
    }).catch(() => {
      throw new ApiError(503, 'processor_unavailable', "The company's Pix PSP did not answer; retry");
    });
    const answer = (await res.json().catch(() => null)) as { type?: string; detail?: string } | null;
    if (res.status === 201) return;
    if (res.status === 404 && !answer?.type?.endsWith('/CobNaoEncontrado')) {
      throw conflict('processor_not_embedded', "This company's Pix PSP is not the embedded one: pay the charge with that PSP's own sandbox tools");
    }
    throw conflict('payment_not_payable', `The PSP refused the payment: ${answer?.detail ?? `HTTP ${res.status}`}`);
  } finally {
    await dispatcher?.close();
  }
}
