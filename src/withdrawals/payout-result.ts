/**
 * The seam between Lastro and the PSP that moves money to bank accounts. The sandbox PSP
 * implements it (sandbox-payout-gateway.ts); a real PSP is another implementation, handed to
 * the worker through ActivityDeps.payoutGateway.
 *
 * Every transfer carries an idempotency key (the withdrawal id): the PSP must answer a
 * repeated key with the first answer and never pay twice. That is what makes the payout
 * activity safe to retry after a worker dies mid-transfer.
 */
export interface PayoutBankAccount {
  bankCode: string;
  bankAgency: string;
  bankAccount: string;
  bankAccountDigit: string | null;
  holderName: string;
  holderDocument: string;
}

export interface PayoutRequest {
  idempotencyKey: string;
  /** Net cents the bank account receives. */
  amount: number;
  currency: string;
  bankAccountId: string;
  bankAccount: PayoutBankAccount;
}

/**
 * A definitive answer. `failed` means the PSP refused the transfer and no money moved (e.g. a
 * closed account); a transient problem (timeout, 5xx) must throw instead, so it is retried.
 */
export type PayoutResult = { status: 'paid'; pspTransferId: string } | { status: 'failed'; pspTransferId: string | null; code: string };

export interface PayoutGateway {
  readonly name: string;
  transfer(request: PayoutRequest): Promise<PayoutResult>;
}
