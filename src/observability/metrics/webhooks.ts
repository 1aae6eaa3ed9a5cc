import { timedCounter } from './registry';

const record = timedCounter({
  counter: {
    name: 'lastro_webhook_attempts_total',
    help: 'Webhook delivery attempts, by outcome: success, retrying (failed, another attempt is scheduled) or failed (no attempt left, or 410 Gone)',
  },
  histogram: {
    name: 'lastro_webhook_attempt_duration_seconds',
    help: 'Time of one webhook attempt: URL check, connection and the receiver answer (at most 15 s), by outcome',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
  },
  labelNames: ['outcome'],
});

/** Records one attempt that was sent (first attempts by the lanes and retries alike); `startedAt` is performance.now() before it. */
export function observeWebhookAttempt(outcome: string, startedAt: number): void {
  record({ outcome }, startedAt);
}
