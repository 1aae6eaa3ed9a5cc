import type { EntityManager } from '@mikro-orm/postgresql';
import { Company, type Mode } from '../companies/company.entity';
import { ApiError } from '../http/errors';
import { vaultKey, VaultKeyUnavailableError, type VaultKey } from './card-vault.key';
import { storeCard, type CardToStore } from './card-vault.service';

/**
 * The company a browser names by its public id. Another mode's company (a live company on a
 * sandbox deployment) or a deleted one is as unknown as a missing one.
 */
export async function findTokenizingCompany(em: EntityManager, companyId: string, mode: Mode): Promise<Company | null> {
  return em.findOne(Company, { id: companyId, mode, deletedAt: null });
}

/** The answer for a company that cannot tokenize: the SDK shows it as "Failed to generate any tokens". */
export const unknownCompany = (): ApiError =>
  new ApiError(400, 'validation_failed', 'companyId: Unknown company', [{ path: 'companyId', message: 'Unknown company' }]);

/** Seals the card in the vault and returns its single-use token. */
export async function tokenizeCard(em: EntityManager, company: Company, card: CardToStore): Promise<{ tokenId: string }> {
  const stored = storeCard(em, company.id, card, new Date(), requireVaultKey());
  await em.flush();
  return { tokenId: stored.tokenId };
}

function requireVaultKey(): VaultKey {
  try {
    return vaultKey();
  } catch (err) {
    if (err instanceof VaultKeyUnavailableError) throw new ApiError(503, 'card_vault_unavailable', 'Card tokenization is not configured on this deployment');
    throw err;
  }
}
