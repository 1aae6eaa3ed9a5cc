/**
 * The card rail's port: what Lastro asks of an acquirer. The Cielo E-commerce 3.0 adapter
 * (src/processors/cards/cielo) implements it, resolved per company (processorsOf(deps).cardFor).
 * Every call carries an idempotency key (the payment id): the adapter must answer a repeated key
 * with the first answer and never charge twice (Cielo's, by a query before any retry), which is
 * what makes a retried authorization activity safe.
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
  /**
   * Who starts the charge: `customer` (the buyer, at checkout or through the API) or `merchant`
   * (a subscription's recurring charge on a saved card, with no buyer present). Default customer.
   */
  initiator?: 'customer' | 'merchant';
  /**
   * Until this instant (epoch ms) no other call for this idempotency key can start: the caller
   * wrote the payment in this very call, and every other decider of it starts later. A call that
   * goes out before it is the key's first, so an adapter that must look for an earlier charge
   * before sending one (Cielo keeps no idempotency key) skips that look; a lost answer is still
   * resolved by it. Absent or past: an earlier call may have charged.
   */
  firstAttemptUntil?: number;
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
  /**
   * Card: the cents of this charge refunded before this refund (its earlier refunds that
   * completed). The acquirer's void has no key of its own: with this, a refund asked again after
   * its answer was lost finds its void in the sale and does not void twice.
   */
  refundedBefore?: number;
}

export interface GatewayRefundResult {
  status: 'refunded' | 'failed';
  /** Why it failed (e.g. `refund_rejected`); null when refunded. */
  code: string | null;
  reference: string;
}

/** A dispute the card's issuer opened on a sale, as the acquirer reports it. */
export interface AcquirerChargeback {
  /** The acquirer's case number: one dispute, however often it is notified. */
  caseNumber: string;
  amount: number;
  /** The card network's reason code (e.g. `4837`, Cielo's `104`). */
  reasonCode: string | null;
  reasonMessage: string | null;
  date: string | null;
  /** Where the dispute stands at the acquirer (absent: just received); `won` / `lost` is its outcome. */
  status?: 'received' | 'contested' | 'won' | 'lost';
  /** The acquirer's deadline for the merchant's evidence, when it gives one. */
  dueDate?: string | null;
}

/** The merchant's evidence of a dispute, as sent to the acquirer. */
export interface ChargebackContestation {
  caseNumber: string;
  saleReference: string;
  /** The evidence's text fields, one paragraph each. */
  text: string;
  files: Array<{ filename: string; contentType: string; data: Buffer }>;
}

/** A sale read back from the acquirer by its reference: whose it is (the idempotency key it was made under) and its disputes. */
export interface AcquirerSale {
  reference: string;
  /** The idempotency key the sale was authorized under (the payment id), when the acquirer reports it. */
  idempotencyKey: string | null;
  chargebacks: AcquirerChargeback[];
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
