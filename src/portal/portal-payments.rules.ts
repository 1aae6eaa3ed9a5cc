import { createHash } from 'node:crypto';

/**
 * The portal's card payment of an invoice: one transaction per click. The page makes an
 * attempt key when it shows the card form (a new one after a refusal), so a double submit or a
 * retried request names the same transaction (referenceCode, unique per company) and charges once.
 */
export const portalCardReference = (invoiceId: string, attemptKey: string): string =>
  `${invoiceId}-portal-${createHash('sha256').update(attemptKey, 'utf8').digest('hex').slice(0, 24)}`;

/** Whether a transaction's referenceCode is a portal card payment of this invoice. */
export const isPortalCardReference = (invoiceId: string, referenceCode: string | undefined): boolean => {
  const prefix = `${invoiceId}-portal-`;
  return typeof referenceCode === 'string' && referenceCode.startsWith(prefix) && /^[0-9a-f]{24}$/.test(referenceCode.slice(prefix.length));
};

export type PortalCardStatus = 'paid' | 'refused' | 'pending';
/** Why a card was refused, as the page says it (its three messages, the checkout's). */
export type PortalRefusal = 'declined' | 'insufficient_funds' | 'processor';

// A paid transaction refunded or disputed later was still paid: the invoice was.
const FINAL: Record<string, PortalCardStatus> = { paid: 'paid', refunded: 'paid', partially_refunded: 'paid', chargeback: 'paid', refused: 'refused', failed: 'refused', canceled: 'refused' };

/** The answer of a card transaction as the page shows it. */
export function portalCardOutcome(status: string, reason: string | null): { status: PortalCardStatus; reason: PortalRefusal | null } {
  const outcome = FINAL[status] ?? 'pending';
  if (outcome !== 'refused') return { status: outcome, reason: null };
  if (reason === 'insufficient_funds') return { status: outcome, reason: 'insufficient_funds' };
  if (reason === 'processor_error' || reason === 'processor_unavailable' || reason === 'timeout') return { status: outcome, reason: 'processor' };
  return { status: outcome, reason: 'declined' };
}
