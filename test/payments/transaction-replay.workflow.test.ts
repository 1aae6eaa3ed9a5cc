import path from 'node:path';
import { recordedHistories, replayErrors } from '../helpers/replay';

/**
 * Replays recorded transaction workflow histories against today's workflow code: a change
 * that alters the command sequence without `patched()` fails here. Record them again with
 * `RECORD_HISTORIES=1 npx jest test/payments/transaction.workflow.test.ts --selectProjects integration`.
 */
const histories = recordedHistories(path.join(__dirname, 'histories'));

describe('transaction workflow replay', () => {
  it('has recorded runs: card + Pix paid and released, a refusal voiding a card, cancel, expiry, chargebacks in the window', () => {
    // The first four predate chargebacks (no patch marker), the last one has the chargeback window.
    expect(histories.map((h) => h.file)).toEqual([
      'boleto-canceled.json',
      'boleto-expired.json',
      'card-and-pix-paid-released.json',
      'card-paid-chargebacks-in-window.json',
      'second-card-refused-first-voided.json',
    ]);
  });

  it('replays every recorded history without non-determinism', async () => {
    const errors = await replayErrors(histories);
    expect(errors).toHaveLength(histories.length);
    for (const e of errors) expect(e).toBeUndefined();
  });
});
