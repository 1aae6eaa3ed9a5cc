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

// --- Pix Automático: mandates (the API Pix's `rec`) and their charges (`cobr`) ------------------
// Lastro calls the payer's authorization a mandate throughout; the adapter maps it to the API
// Pix's recurrence (`rec`), a request to the payer's bank (`solicrec`) and recurring charges (`cobr`).

/** The `rec` status: CRIADA waits for the payer; APROVADA collects; the other three are final. */
export type PixMandateStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type PixMandatePeriod = 'weekly' | 'monthly' | 'quarterly' | 'semiannual' | 'annual';
/** `PERMITE_3R_7D`: a failed charge may be retried up to 3 times within 7 days of its due date. */
export type PixMandateRetryPolicy = 'NAO_PERMITE' | 'PERMITE_3R_7D';
/**
 * How the payer authorized (`ativacao.tipoJornada`): 1 a request at their bank, 2 the mandate's
 * QR, 3 a QR with an immediate payment, 4 a QR with a payment later; `pending` before they did.
 */
export type PixMandateJourney = 'request' | 'qr' | 'qr_with_payment' | 'qr_with_later_payment' | 'pending';

export interface PixMandateRequest {
  /** `vinculo.contrato`: what the payer's bank shows as the contract (1-35 characters). */
  contract: string;
  /** `vinculo.objeto`: what is paid for (up to 35 characters). */
  object?: string | null;
  debtor: PixPayer;
  /** First due date (`YYYY-MM-DD`), and the last one of a mandate with an end. */
  startDate: string;
  endDate?: string | null;
  period: PixMandatePeriod;
  /** A fixed amount per charge (`valorRec`), or the floor a payer's own cap may not go under (`valorMinimoRecebedor`); at most one. */
  fixedAmount?: number | null;
  minimumAmount?: number | null;
  retryPolicy: PixMandateRetryPolicy;
  /** QR journeys: a payload location is made for the mandate so the PSP answers its BR Code. */
  withQr: boolean;
  /** Journey 3: the immediate charge (`cob` txid) whose payment authorizes the mandate too. */
  firstPaymentTxid?: string | null;
}

export interface PixMandate {
  /** `idRec`, chosen by the PSP. */
  id: string;
  status: PixMandateStatus;
  journey: PixMandateJourney;
  firstPaymentTxid: string | null;
  /** The payload location (no scheme) and BR Code a payer's bank reads, for QR journeys. */
  location: string | null;
  pixCopiaECola: string | null;
  /** Why it ended: a refusal or a cancellation (by whom), with the BCB code. */
  closing: { kind: 'rejection' | 'cancellation'; code: string; reason: string; by: string | null } | null;
}

/** `POST /solicrec`: the mandate sent to the payer's bank account for approval there (journey 1). */
export interface PixMandateBankRequest {
  mandateId: string;
  expiresAt: Date;
  account: { ispb: string; branch?: string | null; number: string; document: string };
}

export type PixMandateBankRequestStatus = 'CRIADA' | 'ENVIADA' | 'RECEBIDA' | 'REJEITADA' | 'ACEITA' | 'EXPIRADA' | 'CANCELADA';

/** The receiving user's account a mandate charge settles into (`recebedor` of a `cobr`). */
export interface PixReceiverAccount {
  branch: string | null;
  number: string;
  type: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';
}

export interface PixMandateChargeRequest {
  /** 26-35 alphanumerics, chosen by Lastro: `PUT /cobr/{txid}` answers the same charge for the same content. */
  txid: string;
  mandateId: string;
  /** `YYYY-MM-DD`, 2 to 10 days after the day it is created (the BCB's rule). */
  dueDate: string;
  amount: number;
  account: PixReceiverAccount;
  description?: string | null;
}

export type PixMandateChargeStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';

export interface PixMandateAttempt {
  date: string;
  /** AGND the scheduled one, NTAG a retry, RIFL an intraday retry. */
  kind: string;
  status: 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';
  endToEndId: string;
  rejection: { code: string; reason: string } | null;
}

export interface PixMandateCharge {
  txid: string;
  mandateId: string;
  status: PixMandateChargeStatus;
  dueDate: string;
  amount: number;
  attempts: PixMandateAttempt[];
  /** The Pix that paid it (a CONCLUIDA charge has one). */
  pix: Array<{ endToEndId: string; amount: number; paidAt: string }>;
  closing: { kind: 'rejection' | 'cancellation'; code: string; reason: string; by: string | null } | null;
}

/** What a PSP's `/cobr` callback says of a charge (trusted for nothing but which charges to read back). */
export interface PixMandateChargeNotice {
  txid: string;
  status: PixMandateCharge['status'];
  /** Its attempts' statuses, when the callback carries them. */
  attemptStatuses: Array<PixMandateAttempt['status']> | null;
}

/** Pix Automático's operations: a PSP that does not offer them has no `mandates`. */
export interface PixMandates {
  /** `POST /locrec` (QR journeys) then `POST /rec`. Not idempotent at the PSP: a retried create may leave an unused CRIADA mandate, which expires. */
  createMandate(request: PixMandateRequest): Promise<PixMandate>;
  /**
   * `GET /rec/{idRec}`; null when unknown. With the journey-3 charge's txid
   * (`?txid=`), its `pixCopiaECola` is the composite BR Code of that charge and the mandate.
   */
  getMandate(id: string, firstPaymentTxid?: string | null): Promise<PixMandate | null>;
  /** `PATCH /rec/{idRec}` to CANCELADA; a mandate already ended is answered as it is. Null when unknown. */
  cancelMandate(id: string): Promise<PixMandate | null>;
  /** `POST /solicrec`: the id of the request and its status. */
  requestMandateAtBank(request: PixMandateBankRequest): Promise<{ id: string; status: PixMandateBankRequestStatus }>;
  /** `PUT /cobr/{txid}`. */
  createMandateCharge(request: PixMandateChargeRequest): Promise<PixMandateCharge>;
  /** `GET /cobr/{txid}`; null when unknown. */
  getMandateCharge(txid: string): Promise<PixMandateCharge | null>;
  /** `PATCH /cobr/{txid}` to CANCELADA; a charge no longer cancellable is answered as it is. Null when unknown. */
  cancelMandateCharge(txid: string): Promise<PixMandateCharge | null>;
  /** `POST /cobr/{txid}/retentativa/{date}`. */
  retryMandateCharge(txid: string, date: string): Promise<PixMandateCharge>;
  /** `PUT /webhookrec` and `PUT /webhookcobr`: the PSP calls `<url>/rec` and `<url>/cobr`. */
  registerMandateWebhooks(url: string): Promise<void>;
  /** `GET /webhookrec` and `GET /webhookcobr`. */
  getMandateWebhooks(): Promise<{ mandates: string | null; charges: string | null }>;
}

export interface PixPsp {
  /** Pix Automático, when the PSP offers it. */
  readonly mandates?: PixMandates;
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
