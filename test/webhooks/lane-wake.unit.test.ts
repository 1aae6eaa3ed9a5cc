import { coalescingWaker } from '../../src/webhooks/lane-wake';

/** A send that records when it started and finishes when the test says so. */
function controlledSend() {
  const started: Array<{ webhookId: string; finish: (err?: Error) => void }> = [];
  const send = (webhookId: string) =>
    new Promise<void>((resolve, reject) => {
      started.push({ webhookId, finish: (err) => (err ? reject(err) : resolve()) });
    });
  return { started, send };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('coalescingWaker', () => {
  it('sends one wake-up for a burst of calls made before it is sent', async () => {
    const { started, send } = controlledSend();
    const wake = coalescingWaker(send);
    const calls = Array.from({ length: 50 }, () => wake('whk_a'));
    await tick();
    expect(started).toHaveLength(1);
    started[0].finish();
    await Promise.all(calls);
    expect(started).toHaveLength(1);
  });

  it('answers a call made during a send with one more send after it, shared by every such call', async () => {
    const { started, send } = controlledSend();
    const wake = coalescingWaker(send);
    const first = wake('whk_a');
    await tick();
    let laterSettled = false;
    const later = Promise.all([wake('whk_a'), wake('whk_a'), wake('whk_a')]).then(() => (laterSettled = true));
    await tick();
    expect(started).toHaveLength(1);
    started[0].finish();
    await first;
    await tick();
    // The first send may have been read by the lane before these calls' deliveries were requested.
    expect(laterSettled).toBe(false);
    expect(started).toHaveLength(2);
    started[1].finish();
    await later;
    expect(started).toHaveLength(2);
  });

  it('gathers the calls of a window into one send', async () => {
    const { started, send } = controlledSend();
    const wake = coalescingWaker(send, 30);
    const calls = [wake('whk_a')];
    await new Promise((r) => setTimeout(r, 10));
    calls.push(wake('whk_a'));
    await tick();
    expect(started).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 40));
    expect(started).toHaveLength(1);
    started[0].finish();
    await Promise.all(calls);
  });

  it('keeps webhooks apart and sends again once idle', async () => {
    const { started, send } = controlledSend();
    const wake = coalescingWaker(send);
    const a = wake('whk_a');
    const b = wake('whk_b');
    await tick();
    expect(started.map((s) => s.webhookId)).toEqual(['whk_a', 'whk_b']);
    started.forEach((s) => s.finish());
    await Promise.all([a, b]);
    const again = wake('whk_a');
    await tick();
    expect(started).toHaveLength(3);
    started[2].finish();
    await again;
  });

  it('fails the calls a failed send was for, and the next call sends again', async () => {
    const { started, send } = controlledSend();
    const wake = coalescingWaker(send);
    const failed = wake('whk_a');
    await tick();
    started[0].finish(new Error('Temporal unreachable'));
    await expect(failed).rejects.toThrow('Temporal unreachable');
    const retried = wake('whk_a');
    await tick();
    expect(started).toHaveLength(2);
    started[1].finish();
    await expect(retried).resolves.toBeUndefined();
  });
});
