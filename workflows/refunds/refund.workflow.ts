import { condition, log, proxyActivities, setHandler } from '@temporalio/workflow';
import { acceptsBankDetails, awaitsDecision, BANK_DETAILS_DEADLINE_MS, BANK_DETAILS_REMINDER_MS, type RefundStatus } from '../../src/refunds/refund.rules';
import {
  approveRefundSignal,
  bankDetailsSubmittedSignal,
  refundStateQuery,
  refuseRefundSignal,
  reviewedSignal,
  type RefundActivities,
  type RefundOutcome,
  type RefundWorkflowInput,
} from './refund.contract';

// Database moves retry without limit: giving up would leave money reserved for a refund that never ends.
const db = proxyActivities<RefundActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

// Money in flight: an acquirer or bank outage is retried as long as it lasts; the refund id
// (the idempotency key) makes every retry safe. A definitive refusal is a result, not an error.
// The activities heartbeat while the acquirer or bank answers, so a worker that dies mid-call
// is replaced after the heartbeat timeout, not after the whole start-to-close timeout
// (test/chaos/worker-kill.chaos.test.ts: recovery took the full 2 minutes without it).
const money = proxyActivities<RefundActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

type Decision = { outcome: 'approve'; operator: string } | { outcome: 'refuse'; operator: string; reason: string | null };

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * One refund (workflow id = ref_ id), started after the creating request committed (the
 * refund.created outbox subscriber is the backstop). The row in PostgreSQL is the truth:
 *
 *   pending ──approve──▶ processing ─▶ refunded | failed            (card, Pix)
 *           ──approve──▶ awaiting_bank_details ─details─▶ bank_details_received
 *                        ─▶ ted_processing ─▶ refunded | invalid_bank_details (new link) (boleto)
 *           ──refuse───▶ refused
 *   awaiting_bank_details ─details, no buyer document known─▶ awaiting_confirmation
 *                        ─confirm (merchant) / approve (operator)─▶ bank_details_received | ─refuse─▶ refused
 *
 * While bank details are missing a reminder goes out every 3 days; at the deadline (30 days
 * after approval) the refund fails and the money stays with the merchant. A refund awaiting a
 * decision (a review, or the confirmation of the buyer's account) waits for it as long as it
 * takes, as a pending one does.
 */
export async function refundWorkflow(input: RefundWorkflowInput): Promise<RefundOutcome> {
  const { refundId } = input;
  let status: RefundStatus | null = null;
  let decision: Decision | undefined;
  let changed = false;
  let nextReminderAt: number | null = null;

  // Signals cannot be refused: a malformed one (hand-typed in the Temporal UI) is logged and dropped.
  setHandler(approveRefundSignal, (s) => {
    const operator = text(s?.operator);
    if (!operator) return log.warn('approve ignored: operator is required', { refundId });
    decision ??= { outcome: 'approve', operator };
  });
  setHandler(refuseRefundSignal, (s) => {
    const operator = text(s?.operator);
    if (!operator) return log.warn('refuse ignored: operator is required', { refundId });
    decision ??= { outcome: 'refuse', operator, reason: text(s?.reason) || null };
  });
  setHandler(reviewedSignal, () => void (changed = true));
  setHandler(bankDetailsSubmittedSignal, () => void (changed = true));
  setHandler(refundStateQuery, () => ({ refundId, status, nextReminderAt: nextReminderAt === null ? null : new Date(nextReminderAt).toISOString() }));

  const row = await db.loadRefund({ refundId });
  if (!row) return { status: 'abandoned' };
  status = row.status;
  // The deadline runs on the workflow's clock from the first request for details (the row's
  // bankDetailsDeadline shows the same instant): a bounced transfer does not extend it.
  let deadline: number | null = null;
  const reload = async () => {
    changed = false;
    return (await db.loadRefund({ refundId }))?.status ?? status!;
  };

  for (;;) {
    if (awaitsDecision(status)) {
      await condition(() => decision !== undefined || changed);
      if (decision) {
        const d: Decision = decision;
        decision = undefined;
        status = await db.reviewRefund({ refundId, outcome: d.outcome, operator: d.operator, reason: d.outcome === 'refuse' ? d.reason : null });
      }
      status = await reload();
    } else if (status === 'approved') {
      status = await db.startRefundProcessing({ refundId });
    } else if (status === 'processing') {
      const outcome = await money.sendRefundToGateway({ refundId });
      status = outcome ? await db.completeGatewayRefund({ refundId, outcome }) : await reload();
    } else if (acceptsBankDetails(status)) {
      deadline ??= Date.now() + BANK_DETAILS_DEADLINE_MS;
      nextReminderAt ??= Date.now() + BANK_DETAILS_REMINDER_MS;
      const wakeAt = Math.min(nextReminderAt, deadline);
      const woken = wakeAt > Date.now() ? await condition(() => changed || decision !== undefined, wakeAt - Date.now()) : false;
      if (decision) {
        const d: Decision = decision;
        decision = undefined;
        if (d.outcome === 'refuse') status = await db.reviewRefund({ refundId, outcome: 'refuse', operator: d.operator, reason: d.reason });
      } else if (woken) {
        status = await reload();
      } else if (Date.now() >= deadline) {
        status = await db.expireRefundBankDetails({ refundId });
      } else {
        status = await db.remindRefundBankDetails({ refundId });
        nextReminderAt += BANK_DETAILS_REMINDER_MS;
      }
      if (!acceptsBankDetails(status)) nextReminderAt = null;
    } else if (status === 'bank_details_received') {
      status = await db.startRefundTed({ refundId });
    } else if (status === 'ted_processing') {
      const outcome = await money.sendRefundTed({ refundId });
      status = outcome ? await db.completeRefundTed({ refundId, outcome }) : await reload();
    } else {
      return { status };
    }
  }
}
