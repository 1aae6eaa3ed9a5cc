/**
 * How an invoice attempt was made, as `invoice.payment_attempted` tells the merchant: the saved
 * card, the Pix Automático mandate's recurring charge, or by hand (the bolepix offered, else the
 * payment link).
 */
export const INVOICE_PAYMENT_METHODS = ['card', 'pix_automatico', 'bolepix', 'payment_link'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

/** The method of an attempt as the dunning rules chose it (`attemptMethod`); a by-hand one is its bolepix when it has one. */
export function attemptPaymentMethod(method: 'card' | 'mandate' | 'by_hand', hasBolepix: boolean): InvoicePaymentMethod {
  if (method === 'mandate') return 'pix_automatico';
  if (method === 'by_hand') return hasBolepix ? 'bolepix' : 'payment_link';
  return 'card';
}
