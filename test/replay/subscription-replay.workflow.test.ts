import { recordedHistories, replayErrors } from '../helpers/replay';
import { HISTORY_DIR } from './history-files';

/**
 * Replays the recorded runs of the 14-month subscription against today's workflow code: a
 * change that alters the command sequence without `patched()` fails here. Record them again
 * with `RECORD_HISTORIES=1 npx jest test/billing/subscription.workflow.test.ts --selectProjects integration`.
 */
const histories = recordedHistories(HISTORY_DIR).filter((h) => h.file.startsWith('subscription-'));

describe('subscription workflow replay', () => {
  it('has the recorded runs of the 14-month subscription (continued as new every 4 cycles)', () => {
    expect(histories.length).toBeGreaterThanOrEqual(4);
  });

  it('replays every recorded history without non-determinism', async () => {
    expect(await replayErrors(histories)).toEqual(histories.map(() => undefined));
  });
});
