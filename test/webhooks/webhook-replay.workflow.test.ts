import path from 'node:path';
import { recordedHistories, replayErrors } from '../helpers/replay';

/**
 * Replays recorded webhook delivery and lane histories against today's workflow code: a
 * change that alters the command sequence without `patched()` fails here. Record them again
 * with `RECORD_HISTORIES=1 npx jest test/webhooks/webhook-delivery.int.test.ts --selectProjects integration`.
 */
const histories = recordedHistories(path.join(__dirname, 'histories'));

describe('webhook workflows replay', () => {
  it('has recorded deliveries (retried, exhausted, attempted now) and a lane, before and since the lane reads the database', () => {
    expect(histories.map((h) => h.file)).toEqual([
      'by-row-delivery-attempt-now.json',
      'by-row-delivery-exhausted.json',
      'by-row-delivery-fails-then-succeeds.json',
      'by-row-lane-five-in-order.json',
      'delivery-attempt-now.json',
      'delivery-exhausted.json',
      'delivery-fails-then-succeeds.json',
      'lane-five-in-order-batches.json',
      'lane-five-in-order.json',
    ]);
  });

  it('replays every recorded history without non-determinism', async () => {
    const errors = await replayErrors(histories);
    expect(errors).toHaveLength(histories.length);
    for (const e of errors) expect(e).toBeUndefined();
  });
});
