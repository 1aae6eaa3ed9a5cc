/**
 * The Pix rail's port: what Lastro asks of a receiving PSP. One adapter per wire protocol lives
 * in a folder of its own beside this file (`api-pix/`: the Central Bank's API Pix, which every
 * Brazilian PSP's Pix API follows). Amounts are integer cents; the adapter converts to and from
 * the wire's decimal strings. Every call is idempotent on the ids Lastro chooses (`txid` for a
 * charge, `id` for a devolução), so a retried call never charges or returns twice.
 */

/** `immediate`: `cob` (expires after `expiresIn` seconds); `due_date`: `cobv` (payable until some days after its due date). */
export type PixChargeKind = 'immediate' | 'due_date';

/** The `cob`/`cobv` status, as the API Pix names it. */
export type PixChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface PixPayer {
  name: string;
  /** CPF (11 digits) or CNPJ (14 characters). */
  document: string;
}

/** A `cobv` modality and its value: `valorPerc` of the API Pix, as a decimal string (`"2.00"`). */
export interface PixDueDateModality {
  modality: number;
  value: string;
}

export interface PixChargeRequest {
  /** 26-35 alphanumerics: the charge's id at the PSP, chosen by Lastro (derived from the payment id). */
  txid: string;
  kind: PixChargeKind;
  amount: number;
  /** The receiver's DICT key (the connection's). */
  chave: string;
  /** immediate only: seconds until the charge expires. */
  expiresIn?: number;
  /** due_date only (`YYYY-MM-DD`), with the days it stays payable after it (`validadeAposVencimento`). */
  dueDate?: string;
  validityAfterDue?: number;
  /** due_date only: fine, interest, abatement and discount as the API Pix defines them. */
  fine?: PixDueDateModality;
  interest?: PixDueDateModality;
  abatement?: PixDueDateModality;
  discount?: PixDueDateModality & { fixedDates?: Array<{ date: string; value: string }> };
  /** Required by `cobv`; optional for `cob`. */
  payer?: PixPayer | null;
  /** Shown to the payer (`solicitacaoPagador`, at most 140 characters). */
  description?: string | null;
}

export interface PixCharge {
  txid: string;
  kind: PixChargeKind;
  status: PixChargeStatus;
  revision: number;
  /** The payload location (no scheme) a payer's bank reads: what the dynamic BR Code points at. */
  location: string;
  /** The PSP's BR Code, when it sends one. */
  pixCopiaECola: string | null;
  amount: number;
  /** The Pix received for this charge (a CONCLUIDA charge has one). */
  pix: ReceivedPix[];
}

export type PixRefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/** A devolução (a Pix refund): `PUT /pix/{e2eid}/devolucao/{id}`. */
export interface PixRefund {
  /** Lastro's id of it (1-35 alphanumerics). */
  id: string;
  /** The return's own end-to-end id. */
  rtrId: string;
  amount: number;
  status: PixRefundStatus;
  /** Why it was NAO_REALIZADO. */
  reason: string | null;
  requestedAt: string;
  settledAt: string | null;
}

/** A Pix the receiver got. */
export interface ReceivedPix {
  endToEndId: string;
  /** The charge it paid; null for a Pix to a static key without txid. */
  txid: string | null;
  amount: number;
  /** When it was paid (ISO 8601). */
  paidAt: string;
  payerInfo: string | null;
  refunds: PixRefund[];
}

export interface PixRefundRequest {
  endToEndId: string;
  id: string;
  amount: number;
  description?: string | null;
}

/**
 * A PSP call that did not get an answer Lastro can act on. `retryable`: the PSP was unreachable,
 * timed out, answered 5xx or 429 (after the adapter's own short retries): try again later with
 * the same ids. Not retryable: the PSP refused the request (4xx with an API Pix problem, whose
 * `type`, e.g. `CobOperacaoInvalida`, is `problem`), so a retry would be refused again.
 */
export class PixPspError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    readonly problem: string | null = null,
  ) {
    super(message);
    this.name = 'PixPspError';
  }
}

export interface PixPsp {
  /** `PUT /cob/{txid}` or `PUT /cobv/{txid}`. The same txid and content answer the same charge. */
  createCharge(request: PixChargeRequest): Promise<PixCharge>;
  /** `GET /cob/{txid}` or `GET /cobv/{txid}`; null when the PSP has no such charge. */
  getCharge(kind: PixChargeKind, txid: string): Promise<PixCharge | null>;
  /**
   * `PATCH` the charge to `REMOVIDA_PELO_USUARIO_RECEBEDOR`. A charge no longer ATIVA (paid
   * meanwhile, already removed, expired) is answered as it is, not as an error: the caller
   * reads its status (CONCLUIDA: the Pix arrived first). Null when the PSP has no such charge.
   */
  removeCharge(kind: PixChargeKind, txid: string): Promise<PixCharge | null>;
  /** `GET /pix/{e2eid}`; null when unknown. */
  getPix(endToEndId: string): Promise<ReceivedPix | null>;
  /** `GET /pix?inicio&fim`, every page. */
  listPix(window: { from: Date; to: Date }): Promise<ReceivedPix[]>;
  /** `PUT /pix/{e2eid}/devolucao/{id}`; the same id answers the same devolução. */
  requestRefund(request: PixRefundRequest): Promise<PixRefund>;
  /** `GET /pix/{e2eid}/devolucao/{id}`; null when unknown. */
  getRefund(endToEndId: string, id: string): Promise<PixRefund | null>;
  /** `PUT /webhook/{chave}`: the PSP calls `<url>/pix` for every Pix received on that key. */
  registerWebhook(chave: string, url: string): Promise<void>;
  /** `GET /webhook/{chave}`: the URL registered, or null. */
  getWebhook(chave: string): Promise<string | null>;
}
