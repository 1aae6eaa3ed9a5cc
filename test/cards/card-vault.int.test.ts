import type { EntityManager } from '@mikro-orm/postgresql';
import { useTestDatabase } from '../helpers/stack';
import {
  claimCardToken,
  destroyCardCvv,
  purgeExpiredCardSecrets,
  revealCardForAuthorization,
  storeCard,
  TOKEN_TTL_MS,
} from '../../src/cards/card-vault.service';
import { newId } from '../../src/shared/ids';
import { luhnCheckDigit } from '../../src/payments/card.rules';
import { cardToStore } from './fixtures';

/**
 * The vault functions the payments code calls, against a real PostgreSQL: single-use claims
 * under concurrency, 24-hour expiry, CVV destruction and the purge, and what is at rest.
 */

const em = useTestDatabase();
const companyId = newId('comp');

async function tokenize(overrides: Parameters<typeof cardToStore>[0] = {}, company = companyId) {
  const e = em();
  const card = storeCard(e, company, cardToStore(overrides));
  await e.flush();
  return card;
}

/** Moves a token's expiry into the past, as 24 hours passing would. */
async function expire(tokenId: string): Promise<void> {
  await em().execute(`update stored_cards set expires_at = now() - interval '1 second' where token_id = ?`, [tokenId]);
}

describe('tokens', () => {
  it('are opaque tok_ ids valid for 24 hours', async () => {
    const before = Date.now();
    const card = await tokenize();
    const after = Date.now();
    expect(card.tokenId).toMatch(/^tok_[a-z2-7]{26}$/);
    expect(card.id).toMatch(/^crd_/);
    // 24 hours from the moment it was stored, which lies between `before` and `after`.
    expect(card.expiresAt.getTime() - TOKEN_TTL_MS).toBeGreaterThanOrEqual(before);
    expect(card.expiresAt.getTime() - TOKEN_TTL_MS).toBeLessThanOrEqual(after);
  });

  it('keep no PAN or CVV in clear anywhere in the row', async () => {
    // Distinct middle digits, so a match could only come from the PAN itself.
    const payload = '540123987654321';
    const pan = `${payload}${luhnCheckDigit(payload)}`;
    const cvv = '987';
    const card = await tokenize({ number: pan, cvv });
    const [row] = await em().execute(`select row_to_json(s)::text as json from stored_cards s where id = ?`, [card.id]);
    const text: string = row.json;
    expect(text).not.toContain(pan);
    expect(text).not.toContain(pan.slice(6, 12)); // the hidden middle digits
    expect(text).not.toContain(Buffer.from(pan).toString('hex')); // nor the PAN's bytes in a bytea
    expect(text).not.toContain(Buffer.from(cvv).toString('hex'));
    expect(text).not.toMatch(/"cvv_sealed":"987"/);
    const [readable] = await em().execute(`select brand, first6, last4, holder, exp_month, exp_year from stored_cards where id = ?`, [card.id]);
    expect(readable).toEqual({ brand: 'mastercard', first6: '540123', last4: pan.slice(-4), holder: 'Maria Silva', exp_month: 12, exp_year: card.expYear });
    // The same PAN sealed twice gives different ciphertexts (a fresh IV each time).
    const again = await tokenize({ number: pan, cvv });
    const sealed = await em().execute(`select pan_sealed from stored_cards where id in (?, ?)`, [card.id, again.id]);
    expect(Buffer.compare(sealed[0].pan_sealed, sealed[1].pan_sealed)).not.toBe(0);
  });
});

describe('claimCardToken', () => {
  it('binds the token to the payment and returns the card summary', async () => {
    const card = await tokenize();
    const paymentId = newId('pay');
    const summary = await claimCardToken(em(), { companyId, tokenId: card.tokenId, paymentId });
    expect(summary).toEqual({
      cardId: card.id,
      brand: 'mastercard',
      first6: '555555',
      last4: '4444',
      holder: 'Maria Silva',
      expMonth: 12,
      expYear: card.expYear,
      document: '52998224725',
    });
    const [row] = await em().execute(`select payment_id, used_at from stored_cards where id = ?`, [card.id]);
    expect(row.payment_id).toBe(paymentId);
    expect(row.used_at).not.toBeNull();
  });

  it('is single use: a second payment gets card_token_invalid, the same payment gets the same card again', async () => {
    const card = await tokenize();
    const first = newId('pay');
    const summary = await claimCardToken(em(), { companyId, tokenId: card.tokenId, paymentId: first });
    await expect(claimCardToken(em(), { companyId, tokenId: card.tokenId, paymentId: newId('pay') })).rejects.toMatchObject({
      status: 400,
      code: 'card_token_invalid',
    });
    await expect(claimCardToken(em(), { companyId, tokenId: card.tokenId, paymentId: first })).resolves.toEqual(summary);
  });

  it('lets exactly one of many concurrent claims win', async () => {
    for (let round = 0; round < 5; round++) {
      const card = await tokenize();
      const attempts = Array.from({ length: 8 }, () =>
        em().transactional((tem) => claimCardToken(tem as EntityManager, { companyId, tokenId: card.tokenId, paymentId: newId('pay') })),
      );
      const results = await Promise.allSettled(attempts);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(7);
      for (const l of lost) expect(l.reason).toMatchObject({ status: 400, code: 'card_token_invalid' });
    }
  });

  it('waits for an uncommitted claim and loses when it commits, wins when it rolls back', async () => {
    const card = await tokenize();
    let release!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (release = resolve));
    let claimed!: () => void;
    const firstClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const holder = em()
      .transactional(async (tem) => {
        await claimCardToken(tem as EntityManager, { companyId, tokenId: card.tokenId, paymentId: newId('pay') });
        claimed();
        if (!(await decided)) throw new Error('rollback');
      })
      .catch(() => 'rolled back');
    await firstClaimed;
    const second = claimCardToken(em(), { companyId, tokenId: card.tokenId, paymentId: newId('pay') });
    release(false);
    await holder;
    await expect(second).resolves.toMatchObject({ cardId: card.id });

    // The late claim starts only once the first one holds the row (no timing: under load a
    // fixed pause let the late claim go first and win).
    const next = await tokenize();
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let held!: () => void;
    const firstHolds = new Promise<void>((resolve) => (held = resolve));
    const committed = em().transactional(async (tem) => {
      await claimCardToken(tem as EntityManager, { companyId, tokenId: next.tokenId, paymentId: newId('pay') });
      held();
      await committing;
    });
    await firstHolds;
    // The expectation is attached before the commit: the late claim can reject before
    // `committed` resolves, and a rejection nobody handles yet fails the test on its own.
    const late = expect(claimCardToken(em(), { companyId, tokenId: next.tokenId, paymentId: newId('pay') })).rejects.toMatchObject({ code: 'card_token_invalid' });
    commit();
    await committed;
    await late;
  });

  it('refuses unknown, expired and other companies\' tokens with the same answer', async () => {
    const card = await tokenize();
    const foreign = await tokenize({}, newId('comp'));
    const expired = await tokenize();
    await expire(expired.tokenId);
    for (const tokenId of ['tok_doesnotexist', foreign.tokenId, expired.tokenId, card.id]) {
      await expect(claimCardToken(em(), { companyId, tokenId, paymentId: newId('pay') })).rejects.toMatchObject({
        status: 400,
        code: 'card_token_invalid',
        message: 'The card token is unknown, expired or already used; tokenize the card again',
      });
    }
  });
});

describe('revealCardForAuthorization and destroyCardCvv', () => {
  it('decrypts the PAN and the CVV of the payment\'s card; after destruction the CVV is gone for good', async () => {
    const card = await tokenize({ number: '5555555555554444', cvv: '987' });
    const paymentId = newId('pay');
    await claimCardToken(em(), { companyId, tokenId: card.tokenId, paymentId });
    const revealed = await revealCardForAuthorization(em(), { paymentId });
    expect(revealed).toMatchObject({ cardId: card.id, pan: '5555555555554444', cvv: '987', last4: '4444' });

    await destroyCardCvv(em(), { paymentIds: [paymentId] });
    await destroyCardCvv(em(), { paymentIds: [paymentId] }); // idempotent
    expect(await revealCardForAuthorization(em(), { paymentId })).toMatchObject({ pan: '5555555555554444', cvv: null });
    const [row] = await em().execute(`select cvv_sealed, cvv_destroyed_at from stored_cards where id = ?`, [card.id]);
    expect(row.cvv_sealed).toBeNull();
    expect(row.cvv_destroyed_at).not.toBeNull();
  });

  it('gives no CVV once the token\'s 24 hours are over, even before the purge', async () => {
    const card = await tokenize();
    const paymentId = newId('pay');
    await claimCardToken(em(), { companyId, tokenId: card.tokenId, paymentId });
    await expire(card.tokenId);
    expect(await revealCardForAuthorization(em(), { paymentId })).toMatchObject({ pan: '5555555555554444', cvv: null });
  });

  it('refuses a payment without a card, and a ciphertext moved to another row', async () => {
    await expect(revealCardForAuthorization(em(), { paymentId: newId('pay') })).rejects.toMatchObject({ status: 404 });
    const a = await tokenize({ number: '4111111111111111' });
    const b = await tokenize({ number: '5555555555554444' });
    const paymentId = newId('pay');
    await claimCardToken(em(), { companyId, tokenId: b.tokenId, paymentId });
    await em().execute(`update stored_cards set pan_sealed = (select pan_sealed from stored_cards where id = ?) where id = ?`, [a.id, b.id]);
    await expect(revealCardForAuthorization(em(), { paymentId })).rejects.toThrow();
  });
});

describe('purgeExpiredCardSecrets', () => {
  it('destroys expired CVVs, deletes expired unclaimed tokens, and leaves live ones alone', async () => {
    const live = await tokenize();
    const expiredUnused = await tokenize();
    const expiredClaimed = await tokenize();
    const paymentId = newId('pay');
    await claimCardToken(em(), { companyId, tokenId: expiredClaimed.tokenId, paymentId });
    await expire(expiredUnused.tokenId);
    await expire(expiredClaimed.tokenId);

    const result = await purgeExpiredCardSecrets(em(), new Date());
    expect(result.cvvsDestroyed).toBeGreaterThanOrEqual(2);
    expect(result.unusedTokensDeleted).toBeGreaterThanOrEqual(1);

    const rows: Array<{ id: string; has_cvv: boolean }> = await em().execute(`select id, cvv_sealed is not null as has_cvv from stored_cards where id in (?, ?, ?)`, [live.id, expiredUnused.id, expiredClaimed.id]);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r.has_cvv]));
    expect(byId).toEqual({ [live.id]: true, [expiredClaimed.id]: false });
    expect(await revealCardForAuthorization(em(), { paymentId })).toMatchObject({ pan: '5555555555554444', cvv: null });
    expect(await purgeExpiredCardSecrets(em(), new Date())).toMatchObject({ unusedTokensDeleted: 0 });
  });
});
