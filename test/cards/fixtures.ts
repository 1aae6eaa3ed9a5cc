/** Card fixtures shared by the vault, tokenization and SDK tests. */

/** A valid card body for POST /v1/tokens/cards (a sandbox Visa that approves). */
export function validCard(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    number: '4111111111111111',
    holder: 'Maria Silva',
    document: '52998224725',
    cvv: '123',
    expiration: `12/${new Date().getUTCFullYear() + 3}`,
    ...overrides,
  };
}

/** The normalized card the service stores (what the tokenization schema produces). */
export function cardToStore(overrides: Partial<{ number: string; cvv: string; brand: string }> = {}) {
  return {
    number: '5555555555554444',
    holder: 'Maria Silva',
    document: '52998224725',
    cvv: '987',
    brand: 'mastercard',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    ...overrides,
  };
}
