import type { EntityManager } from '@mikro-orm/postgresql';
import { applyKycDecision, recordKycSubmission } from '../../src/recipients/kyc.service';
import type { RecipientOnboardingActivities } from '../../workflows/recipients/recipient-onboarding.contract';
import type { ActivityDeps } from '../deps';

/**
 * KYC activities of the recipientOnboarding workflow (signatures in its contract). Each runs
 * in one transaction on a forked EntityManager, writes its events to the outbox in that
 * transaction and dispatches them after commit (the outbox sweeper is the backstop). Both
 * are idempotent under retry: they only move the link if it still awaits that step.
 */
export function createRecipientActivities({ orm, dispatcher }: ActivityDeps): RecipientOnboardingActivities {
  const inTransaction = async (fn: (em: EntityManager) => Promise<{ id: string }[]>): Promise<number> => {
    const events = await (orm.em.fork() as EntityManager).transactional(fn);
    dispatcher.dispatchSoon(events.map((e) => e.id));
    return events.length;
  };
  return {
    recordRecipientKycSubmission: ({ submittedAt, ...link }) => inTransaction((em) => recordKycSubmission(em, link, new Date(submittedAt))),
    applyRecipientKycDecision: ({ outcome, operator, reason, decidedAt, ...link }) =>
      inTransaction((em) => applyKycDecision(em, link, { outcome, operator, reason, decidedAt: new Date(decidedAt) })),
  };
}
