/**
 * The seam between Lastro and a card acquirer. The sandbox processor implements it; a real
 * acquirer is another implementation. Every call carries an idempotency key (the payment id):
 * the acquirer must answer a repeated key with the first answer and never charge twice, which
 * is what makes a retried authorization activity safe.
 */
export interface CardForAuthorization {
  pan: string;
  cvv: string | null;
  holder: string;
  expMonth: number;
  expYear: number;
  document: string;
}

export interface AuthorizationRequest {
  idempotencyKey: string;
  amount: number;
  currency: string;
  installments: number;
  card: CardForAuthorization;
}

export type AuthorizationStatus = 'approved' | 'refused' | 'failed';

export interface AuthorizationResult {
  status: AuthorizationStatus;
  /** Why it was refused or failed (`card_declined`, `insufficient_funds`, `processor_error`); null when approved. */
  code: string | null;
  /** The acquirer's id of the charge. */
  reference: string;
  authorizationCode: string | null;
}

/** Gives (part of) a paid card or Pix payment back to the buyer; the idempotency key is the refund id. */
export interface GatewayRefundRequest {
  idempotencyKey: string;
  /** The processor's reference of the charge: the acquirer's (card), the end-to-end id of the Pix received (Pix). */
  chargeReference: string | null;
  paymentId: string;
  method: 'credit_card' | 'pix' | 'boleto';
  /** Pix: the processor connection the charge was opened on. */
  processorConnectionId: string | null;
  amount: number;
  currency: string;
  reason: string;
}

export interface GatewayRefundResult {
  status: 'refunded' | 'failed';
  /** Why it failed (e.g. `refund_rejected`); null when refunded. */
  code: string | null;
  reference: string;
}

export interface PaymentGateway {
  readonly name: string;
  authorize(request: AuthorizationRequest): Promise<AuthorizationResult>;
  /**
   * Authorizes many charges in one call (an acquirer's batch endpoint), answers in the
   * requests' order; the same idempotency rules per request. Optional: without it,
   * `authorizeAll` sends the requests one by one, side by side.
   */
  authorizeMany?(requests: AuthorizationRequest[]): Promise<AuthorizationResult[]>;
  /** Cancels an approved charge (e.g. its transaction could not complete); idempotent. */
  void(idempotencyKey: string): Promise<void>;
  /**
   * Refunds a paid charge; a repeated idempotency key answers the first result and never
   * refunds twice. Optional so that gateways without refunds still plug in (the refund then fails).
   */
  refund?(request: GatewayRefundRequest): Promise<GatewayRefundResult>;
}

/**
 * Authorizes requests together: through the gateway's batch call when it has one (a failure
 * fails them all), else each on its own, side by side (a failure fails that one). The
 * outcomes are in the requests' order.
 */
export async function authorizeAll(gateway: PaymentGateway, requests: AuthorizationRequest[]): Promise<Array<PromiseSettledResult<AuthorizationResult>>> {
  if (requests.length === 0) return [];
  if (!gateway.authorizeMany) return Promise.allSettled(requests.map((r) => gateway.authorize(r)));
  try {
    return (await gateway.authorizeMany(requests)).map((value) => ({ status: 'fulfilled', value }));
  } catch (reason) {
    return requests.map(() => ({ status: 'rejected', reason }));
  }
}
