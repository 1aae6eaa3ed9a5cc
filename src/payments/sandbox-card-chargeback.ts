import { ApiError, conflict } from '../http/errors';
import type { CardConnection } from '../processors/connections/card-connection';

/**
 * Sandbox: a card's issuer disputes a sale, at the company's acquirer. Only the embedded acquirer
 * has this door (`POST /embedded/sales/{PaymentId}/chargeback`, its simulator route, not part of
 * Cielo's API); it then posts its chargeback notification to the store's notification URL exactly
 * as Cielo does, and Lastro opens the dispute from there (the card notification route). A
 * company connected to another acquirer disputes with that acquirer's own sandbox tools.
 * Answers the acquirer's case number.
 */
export async function chargebackInSandbox(connection: Pick<CardConnection, 'baseUrl'>, saleReference: string, input: { amount: number; reason: string }): Promise<{ caseNumber: string }> {
  const res = await fetch(`${connection.baseUrl.replace(/\/+$/, '')}/embedded/sales/${encodeURIComponent(saleReference)}/chargeback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Amount: input.amount, ReasonCode: input.reason }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => {
    throw new ApiError(503, 'processor_unavailable', "The company's acquirer did not answer; retry");
  });
  const answer = (await res.json().catch(() => null)) as { Chargeback?: { CaseNumber?: string } } | Array<{ Message?: string }> | null;
  if (res.status === 201 && answer && !Array.isArray(answer) && answer.Chargeback?.CaseNumber) return { caseNumber: answer.Chargeback.CaseNumber };
  // Cielo's own error body (`[{Code, Message}]`) on a 404 is a sale it does not know; anything else at that path is not the embedded acquirer.
  if (res.status === 404 && !Array.isArray(answer)) {
    throw conflict('processor_not_embedded', "This company's acquirer is not the embedded one: open the dispute with that acquirer's own sandbox tools");
  }
  const why = Array.isArray(answer) ? answer.map((e) => e.Message).join('; ') : `HTTP ${res.status}`;
  throw conflict('payment_not_chargeable', `The acquirer refused the chargeback: ${why}`);
}

/**
 * Sandbox: the issuer decides a dispute (`won`: the merchant's evidence convinced it; `lost`). The
 * embedded acquirer records it on the chargeback (`POST /embedded/sales/{PaymentId}/chargebacks/
 * {CaseNumber}/outcome`, its simulator route) and notifies the store as of any change; Lastro books
 * the outcome from that notice, as from Cielo's.
 */
export async function decideChargebackInSandbox(connection: Pick<CardConnection, 'baseUrl'>, saleReference: string, caseNumber: string, outcome: 'won' | 'lost'): Promise<void> {
  const url = `${connection.baseUrl.replace(/\/+$/, '')}/embedded/sales/${encodeURIComponent(saleReference)}/chargebacks/${encodeURIComponent(caseNumber)}/outcome`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Outcome: outcome === 'won' ? 'Won' : 'Lost' }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => {
    throw new ApiError(503, 'processor_unavailable', "The company's acquirer did not answer; retry");
  });
  if (res.ok) return;
  const answer = (await res.json().catch(() => null)) as Array<{ Message?: string }> | null;
  if (res.status === 404 && !Array.isArray(answer)) throw conflict('processor_not_embedded', "This company's acquirer is not the embedded one: decide the dispute with that acquirer's own sandbox tools");
  throw conflict('dispute_already_decided', `The acquirer refused the outcome: ${Array.isArray(answer) ? answer.map((e) => e.Message).join('; ') : `HTTP ${res.status}`}`);
}
