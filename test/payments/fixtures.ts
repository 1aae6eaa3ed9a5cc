import { storeCard } from '../../src/cards/card-vault.service';
import { setFees } from '../../src/fees/fees.service';
import { getBalance } from '../../src/ledger/wallets.service';
import { applyKycDecision } from '../../src/recipients/kyc.service';
import type { FeeTableConfig } from '../../src/fees/fees.schemas';
import type { SeededCompany, TestStack } from '../helpers/stack';
import { sellerBody } from '../recipients/fixtures';

/**
 * A recipient linked to the company; `active` passes KYC at once (the operator's decision,
 * applied directly). The owner is the one the company was created with (active in sandbox).
 */
export async function newRecipient(stack: TestStack, company: SeededCompany, opts: { role?: 'owner' | 'seller'; active?: boolean } = {}): Promise<string> {
  if (opts.role === 'owner') {
    const owner = await stack.http.get('/recipients/owner').set(company.headers);
    if (owner.body?.id) return owner.body.id;
  }
  const res = await stack.http.post('/recipients').set(company.headers).send(sellerBody(opts.role ? { role: opts.role } : {}));
  expect(res.status).toBe(201);
  if (opts.active !== false) {
    await stack.em().transactional((em) => applyKycDecision(em, { recipientId: res.body.id, companyId: company.company.id }, { outcome: 'approved', operator: 'test', reason: null, decidedAt: new Date() }));
  }
  return res.body.id;
}

export async function setCompanyFees(stack: TestStack, company: SeededCompany, fees: FeeTableConfig): Promise<void> {
  await setFees(stack.em(), company.company.id, 'BRL', fees);
}

/** A card token as POST /v1/tokens/cards stores it (straight into the vault). */
export async function cardToken(stack: TestStack, company: SeededCompany, number = '4111111111111111', cvv = '123'): Promise<string> {
  const em = stack.em();
  const brand = number.startsWith('5') ? 'mastercard' : 'visa';
  const stored = storeCard(em, company.company.id, { number, holder: 'MARIA SILVA', document: '52998224725', cvv, brand, expMonth: 12, expYear: 2030 });
  await em.flush();
  return stored.tokenId;
}

let ref = 0;
export const newReference = (): string => `order-${Date.now().toString(36)}-${++ref}`;

export function pixBody(amount: number, extra: Record<string, unknown> = {}) {
  return { referenceCode: newReference(), items: [{ description: 'Camiseta', quantity: 1, amount }], payments: [{ paymentMethod: 'pix', amount, pix: { expiresIn: 600 } }], ...extra };
}

export function cardBody(token: string, amount: number, installments = 1, extra: Record<string, unknown> = {}) {
  return {
    referenceCode: newReference(),
    items: [{ description: 'Camiseta', quantity: 1, amount }],
    payments: [{ paymentMethod: 'credit_card', amount, creditCard: { token, installments } }],
    ...extra,
  };
}

/** Ledger invariants after every case: balanced postings, balances (folded + changes) equal to entries, no negative wallet bucket. */
export async function expectLedgerConsistent(stack: TestStack): Promise<void> {
  const em = stack.em();
  expect(await em.execute(`select posting_id from ledger_entries group by posting_id, currency having sum(amount) <> 0`)).toEqual([]);
  expect(
    await em.execute(`select a.account_id from ledger_balances a left join ledger_entries e on e.account_id = a.account_id group by a.account_id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`),
  ).toEqual([]);
  expect(await em.execute(`select account_id from ledger_balances where owner_type = 'wallet' and balance < 0`)).toEqual([]);
}

/** The one company linking `recipientId` in a test (wallets are per company and recipient). */
export async function linkingCompany(stack: TestStack, recipientId: string): Promise<string> {
  const links = await stack.em().execute<{ company_id: string }[]>('select company_id from recipient_links where recipient_id = ? and deleted_at is null', [recipientId]);
  if (links.length !== 1) throw new Error(`${recipientId} is linked to ${links.length} companies; name the company`);
  return links[0].company_id;
}

export async function balanceOf(stack: TestStack, recipientId: string): Promise<{ pending: number; available: number }> {
  const b = await getBalance(stack.em(), await linkingCompany(stack, recipientId), recipientId, 'BRL');
  return { pending: b.pendingBalance, available: b.availableBalance };
}

export async function platformBalance(stack: TestStack, bucket: 'revenue' | 'settlement'): Promise<number> {
  const [row] = await stack.em().execute<{ balance: string }[]>(`select balance from ledger_balances where owner_type = 'platform' and bucket = ? and currency = 'BRL'`, [bucket]);
  return Number(row?.balance ?? 0);
}

/** Polls until `fn` returns a truthy value (the workflow works asynchronously after a signal). */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
