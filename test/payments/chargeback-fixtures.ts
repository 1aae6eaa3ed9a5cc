import { getBalance } from '../../src/ledger/wallets.service';
import type { SeededCompany, TestStack } from '../helpers/stack';
import { linkingCompany, newRecipient, setCompanyFees } from './fixtures';

/** Chargeback fee 1% + 100 cents, penalty 500 cents; no card fee, so the sale's shares are round. */
export const CHARGEBACK_FEES = { chargeback: { fee: { percentage: 1, fixed: 100 }, penalty: { percentage: 0, fixed: 500 } } };

/** A company with those fees and its owner recipient (who receives a sale without a split). */
export async function chargebackMerchant(stack: TestStack): Promise<{ company: SeededCompany; owner: string }> {
  const company = await stack.seedCompany('Loja');
  const owner = await newRecipient(stack, company, { role: 'owner' });
  await setCompanyFees(stack, company, CHARGEBACK_FEES);
  return { company, owner };
}

/** A recipient's BRL buckets (available is the withdrawable part) in the company that links it. */
export async function walletBuckets(stack: TestStack, recipientId: string): Promise<{ pending: number; available: number; blocked: number }> {
  const b = await getBalance(stack.em(), await linkingCompany(stack, recipientId), recipientId, 'BRL');
  return { pending: b.pendingBalance, available: b.withdrawableBalance, blocked: b.blockedBalance };
}
