/**
 * The payout rail: what Lastro asks of a provider that moves money out to a bank account by Pix.
 * Withdrawals and boleto refund transfers both go through it. Every transfer carries an id Lastro
 * chose (`payoutIdOf`), and the provider answers a repeated id with the transfer it already holds:
 * an adapter asks for the transfer by that id before it sends, so a retry after a crash never pays
 * twice. A provider settles a Pix in seconds, asynchronously: `send` may answer `processing`, and
 * `get` reads the outcome; a callback only says "read it again".
 */

/** The account paid, as Lastro stores it: the COMPE bank code, digits only. */
export interface PayoutBankAccount {
  /** COMPE code (3 digits). The adapter translates it (src/processors/payouts/bank-ispb.ts). */
  bankCode: string;
  agency: string;
  /** The account number with its check digit as the last character, digits only (X allowed). */
  account: string;
  accountType: 'checking' | 'savings';
  holderName: string;
  /** CPF or CNPJ, digits only. */
  holderDocument: string;
}

export interface PayoutRequest {
  /** Lastro's id of the transfer: 1-35 letters and digits, unique per transfer (`payoutIdOf`). */
  id: string;
  /** Cents the account receives. */
  amount: number;
  currency: string;
  destination: PayoutBankAccount;
  /** Shown to the receiver, at most 140 characters. */
  description?: string;
}

/** Money the receiving bank sent back after the transfer was paid (a Pix devolução). */
export interface PayoutReturn {
  /** The return's own id at the provider (its rtrId): one ledger posting per id. */
  id: string;
  amount: number;
  reason: string | null;
}

/**
 * Where a transfer is. `transferId` is the provider's id of the transfer (the Pix end-to-end id),
 * null until it has one. `paid` may carry `returns`: paid, then (partly or wholly) sent back.
 * `failed` means no money moved; `code` is Lastro's (payout.rules.ts), `reason` the provider's words.
 */
export type PayoutState =
  | { status: 'processing'; transferId: string | null }
  | { status: 'paid'; transferId: string | null; returns: PayoutReturn[] }
  | { status: 'failed'; transferId: string | null; code: string; reason: string | null };

/**
 * The provider did not answer, or answered what Lastro cannot act on. `retryable`: asking again
 * later may succeed (timeouts, 5xx, 429); otherwise an operator must fix the connection.
 */
export class PayoutProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PayoutProviderError';
  }
}

export interface PayoutProvider {
  /**
   * Sends the transfer unless the provider holds one with this id already, whose state is then the
   * answer. A bank the adapter cannot address (no ISPB for the COMPE code) is `failed`
   * `unknown_bank`, without a call.
   */
  send(request: PayoutRequest): Promise<PayoutState>;
  /** The transfer with this id; null when the provider has none. */
  get(id: string): Promise<PayoutState | null>;
  /** The URL the provider calls when a transfer changes (null: none). */
  getWebhook(): Promise<string | null>;
  registerWebhook(url: string): Promise<void>;
  /** Closes the kept-alive connections. */
  close(): Promise<void>;
}
