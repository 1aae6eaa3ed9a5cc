/**
 * Pure rules of the payout rail: the transfer id Lastro derives from its own keys, and the
 * failure codes of the SPI (the reasons a receiving bank or the provider gives, ISO 20022 codes
 * of the Pix regulation's "motivos de rejeição") in Lastro's words.
 */

const PAYOUT_ID = /^[A-Za-z0-9]{1,35}$/;

/**
 * The provider's transfer id for a Lastro key (`wdr_…`, `ref_…:2`): its letters and digits. Keys
 * start with a fixed prefix and a fixed-length id, so two keys never give one id. Throws for a key
 * that gives more than 35 characters (Efí's `idEnvio` and the API Pix's ids allow 35).
 */
export function payoutIdOf(key: string): string {
  const id = key.replace(/[^A-Za-z0-9]/g, '');
  if (!PAYOUT_ID.test(id)) throw new RangeError(`no payout id fits ${JSON.stringify(key)} (1-35 letters and digits)`);
  return id;
}

export const isPayoutId = (id: string): boolean => PAYOUT_ID.test(id);

/** The withdrawal a payout id names (`wdr01j…` → `wdr_01j…`), or null when it names another kind of transfer. */
export function withdrawalIdOfPayout(payoutId: string): string | null {
  return /^wdr[0-9a-z]{26}$/.test(payoutId) ? `wdr_${payoutId.slice(3)}` : null;
}

/**
 * Lastro's failure codes, from the SPI reason codes (Manual de Tempos e Códigos do Pix / ISO 20022
 * ExternalStatusReason1Code). Codes about the receiving account make a boleto refund ask the buyer
 * for new details; the others are the provider's or the payer's side.
 */
const SPI_CODES: Record<string, string> = {
  AC03: 'invalid_account',
  AC04: 'bank_account_closed',
  AC06: 'bank_account_blocked',
  AC07: 'bank_account_closed',
  AC14: 'invalid_account',
  AG03: 'transaction_not_supported',
  AM02: 'amount_not_allowed',
  AM04: 'insufficient_funds',
  AM09: 'wrong_amount',
  BE01: 'holder_mismatch',
  BE17: 'holder_mismatch',
  RR04: 'regulatory_reason',
};

export function payoutFailureCode(spiCode: string | null | undefined): string {
  return (spiCode && SPI_CODES[spiCode.toUpperCase()]) || 'transfer_failed';
}

/** Failures that say the receiving account is wrong: a boleto refund asks the buyer for another one. */
export const ACCOUNT_FAILURES: ReadonlySet<string> = new Set(['invalid_account', 'bank_account_closed', 'bank_account_blocked', 'holder_mismatch', 'unknown_bank', 'transaction_not_supported']);
