/**
 * Whom a boleto refund may be paid to: only the buyer (docs/refunds.md "Refunds to the buyer
 * only"). Pure: the service (refund-buyer.service.ts) reads what the sale recorded, these rules
 * decide.
 */
import { documentKind, normalizeDocument } from '../shared/documents';

/**
 * The documents a sale recorded for its buyer, each null when that record is absent:
 * - `payer`: the payer data of the payment itself (given to the Pix PSP or on the boleto);
 * - `checkoutForm`: what the buyer typed on the hosted checkout page that created the sale;
 * - `customer`: the merchant's customer named by the transaction (`customerId`).
 */
export interface BuyerRecords {
  payer: string | null;
  checkoutForm: string | null;
  customer: string | null;
}

/**
 * The buyer's CPF/CNPJ (canonical form), or null when the sale recorded none. The record made
 * closest to the payment wins: the payment's payer data, then the checkout form, then the
 * merchant's customer. A passport or a malformed value is no CPF/CNPJ: a Brazilian account
 * holder can never be matched against it, so it counts as unknown.
 */
export function buyerDocument(records: BuyerRecords): string | null {
  for (const d of [records.payer, records.checkoutForm, records.customer]) {
    if (d && documentKind(normalizeDocument(d))) return normalizeDocument(d);
  }
  return null;
}

/**
 * Where the buyer's account leads: `buyer` (the holder is the buyer: the transfer may start),
 * `not_buyer` (refused, nothing is stored), `unconfirmed` (no buyer document is known: the
 * merchant confirms the account before any transfer).
 */
export type HolderCheck = 'buyer' | 'not_buyer' | 'unconfirmed';

export function checkHolder(buyer: string | null, holderDocument: string): HolderCheck {
  if (buyer === null) return 'unconfirmed';
  return normalizeDocument(buyer) === normalizeDocument(holderDocument) ? 'buyer' : 'not_buyer';
}

/** The page's message (pt-BR: the buyer reads it) when the holder is not the buyer. */
export const NOT_BUYER_MESSAGE = 'O CPF/CNPJ do titular precisa ser o mesmo do comprador desta compra. A devolução só pode ser feita para uma conta em nome de quem pagou.';
