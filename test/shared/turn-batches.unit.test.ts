import { TurnBatches } from '../../src/shared/turn-batches';

/** A batcher that doubles numbers and records each batch it ran; a negative number fails alone, 13 fails its batch. */
function doubling(max = 4) {
  const runs: number[][] = [];
  const batches = new TurnBatches<number, number>(async (items) => {
    runs.push(items);
    if (items.includes(13)) throw new Error('thirteen');
    return items.map((n) => (n < 0 ? { status: 'rejected', reason: new Error(`negative ${n}`) } : { status: 'fulfilled', value: n * 2 }));
  }, max);
  return { runs, batches };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it('runs what is added in one turn of the event loop as one batch, each item answered with its own outcome', async () => {
  const { runs, batches } = doubling();
  const key = {};
  await expect(Promise.all([batches.add(key, 1), batches.add(key, 2), batches.add(key, 3)])).resolves.toEqual([2, 4, 6]);
  expect(runs).toEqual([[1, 2, 3]]);
});

it('runs the items of different turns, and of different keys, in batches of their own', async () => {
  const { runs, batches } = doubling();
  const a = {};
  const b = {};
  const first = [batches.add(a, 1), batches.add(b, 2)];
  await nextTurn();
  const second = [batches.add(a, 3)];
  await expect(Promise.all([...first, ...second])).resolves.toEqual([2, 4, 6]);
  expect(runs).toEqual([[1], [2], [3]]);
});

it('opens another batch past the maximum, run in the same turn', async () => {
  const { runs, batches } = doubling(2);
  const key = {};
  await expect(Promise.all([1, 2, 3, 4, 5].map((n) => batches.add(key, n)))).resolves.toEqual([2, 4, 6, 8, 10]);
  expect(runs).toEqual([[1, 2], [3, 4], [5]]);
});

it('rejects only the item whose outcome is an error, and every item of a batch whose run throws', async () => {
  const { batches } = doubling();
  const key = {};
  const alone = await Promise.allSettled([batches.add(key, 1), batches.add(key, -1)]);
  expect(alone.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
  expect((alone[1] as PromiseRejectedResult).reason.message).toBe('negative -1');
  const together = await Promise.allSettled([batches.add(key, 1), batches.add(key, 13)]);
  expect(together.map((o) => (o.status === 'rejected' ? o.reason.message : o.value))).toEqual(['thirteen', 'thirteen']);
});
