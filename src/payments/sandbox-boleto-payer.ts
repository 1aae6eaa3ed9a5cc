import { fetch } from 'undici';
import { ApiError, conflict } from '../http/errors';
import type { BoletoConnection } from '../processors/connections/boleto-connection';

/**
 * Sandbox: pays a boleto as a payer's bank would, by its linha digitável at the company's issuer.
 * Only the embedded issuer has this door (`POST /embedded/boletos-cobranca/{linha}/pagar`, its
 * simulator route, after BB's own homologation "pagar"); it then calls Lastro back with its
 * liquidation webhook, as BB does, so the payment settles through the callback route. A company
 * connected to another issuer pays with that issuer's own homologation tools.
 */
export async function payBoletoInSandbox(connection: BoletoConnection, line: string): Promise<void> {
  const res = await fetch(`${connection.baseUrl.replace(/\/+$/, '')}/embedded/boletos-cobranca/${encodeURIComponent(line)}/pagar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(10_000),
  }).catch(() => {
    throw new ApiError(503, 'processor_unavailable', "The company's boleto issuer did not answer; retry");
  });
  const answer = (await res.json().catch(() => null)) as { erros?: Array<{ mensagem?: string }> } | null;
  if (res.status === 201) return;
  if (res.status === 404 && !answer?.erros) {
    throw conflict('processor_not_embedded', "This company's boleto issuer is not the embedded one: pay the boleto with that issuer's own homologation tools");
  }
  throw conflict('payment_not_payable', `The issuer refused the payment: ${answer?.erros?.[0]?.mensagem ?? `HTTP ${res.status}`}`);
}
