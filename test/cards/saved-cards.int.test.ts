import { useTestDatabase } from '../helpers/stack';
import { claimCardToken, purgeExpiredCardSecrets, revealSavedCard, saveCardFromToken, savedCardSummary, storeCard } from '../../src/cards/card-vault.service';
import { ApiError } from '../../src/http/errors';
import { newId } from '../../src/shared/ids';
import { cardToStore } from './fixtures';

/**
 * Saved cards (merchant-initiated charges) in the vault, against a real PostgreSQL: saving
 * consumes the token and destroys the CVV, the card stays readable without one past the
 * token's 24 hours, and only for its own company.
 */

const em = useTestDatabase();
const companyId = newId('comp');

async function tokenize(company = companyId) {
  const e = em();
  const card = storeCard(e, company, cardToStore());
  await e.flush();
  return card;
}

const codeOf = (p: Promise<unknown>) => p.then(() => 'ok', (err: unknown) => (err instanceof ApiError ? err.code : String(err)));

describe('saveCardFromToken', () => {
  it('consumes the token, destroys the CVV at once and returns the summary', async () => {
    const card = await tokenize();
    const saved = await saveCardFromToken(em(), { companyId, tokenId: card.tokenId });
    expect(saved).toMatchObject({ cardId: card.id, brand: 'mastercard', last4: '4444', first6: '555555' });
    const [row] = await em().execute(`select cvv_sealed, cvv_destroyed_at, saved_at, used_at from stored_cards where id = ?`, [card.id]);
    expect(row).toMatchObject({ cvv_sealed: null, cvv_destroyed_at: expect.any(String), saved_at: expect.any(String), used_at: expect.any(String) });
    // The token is spent: it cannot pay a transaction any more.
    expect(await codeOf(claimCardToken(em(), { companyId, tokenId: card.tokenId, paymentId: newId('pay') }))).toBe('card_token_invalid');
  });

  it('saving the same token again returns the same card; a token already used by a payment cannot be saved', async () => {
    const card = await tokenize();
    const first = await saveCardFromToken(em(), { companyId, tokenId: card.tokenId });
    expect(await saveCardFromToken(em(), { companyId, tokenId: card.tokenId })).toEqual(first);
    const paid = await tokenize();
    await claimCardToken(em(), { companyId, tokenId: paid.tokenId, paymentId: newId('pay') });
    expect(await codeOf(saveCardFromToken(em(), { companyId, tokenId: paid.tokenId }))).toBe('card_token_invalid');
  });

  it('refuses unknown, expired and other companies\' tokens with one answer', async () => {
    const expired = await tokenize();
    await em().execute(`update stored_cards set expires_at = now() - interval '1 second' where id = ?`, [expired.id]);
    const foreign = await tokenize(newId('comp'));
    for (const tokenId of ['tok_unknown', expired.tokenId, foreign.tokenId]) {
      expect(await codeOf(saveCardFromToken(em(), { companyId, tokenId }))).toBe('card_token_invalid');
    }
  });
});

describe('revealSavedCard', () => {
  it('gives the PAN without a CVV, also after the token\'s 24 hours and the purge', async () => {
    const card = await tokenize();
    await saveCardFromToken(em(), { companyId, tokenId: card.tokenId });
    await em().execute(`update stored_cards set expires_at = now() - interval '1 day' where id = ?`, [card.id]);
    await purgeExpiredCardSecrets(em(), new Date());
    const revealed = await revealSavedCard(em(), { companyId, cardId: card.id });
    expect(revealed).toMatchObject({ cardId: card.id, pan: '5555555555554444', cvv: null, expMonth: 12 });
  });

  it('only for a saved card of the same company', async () => {
    const unsaved = await tokenize();
    expect(await codeOf(revealSavedCard(em(), { companyId, cardId: unsaved.id }))).toBe('not_found');
    const saved = await tokenize();
    await saveCardFromToken(em(), { companyId, tokenId: saved.tokenId });
    expect(await codeOf(revealSavedCard(em(), { companyId: newId('comp'), cardId: saved.id }))).toBe('not_found');
    expect(await savedCardSummary(em(), { companyId: newId('comp'), cardId: saved.id })).toBeNull();
    expect(await savedCardSummary(em(), { companyId, cardId: saved.id })).toMatchObject({ cardId: saved.id });
  });
});
