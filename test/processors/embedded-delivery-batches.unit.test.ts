import { DeliveryBatches } from '../../src/processors/embedded/delivery';

describe('DeliveryBatches (an embedded processor batching its notices)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const batches = (max = 50) => {
    const delivered: Array<{ url: string; items: number[] }> = [];
    return { delivered, b: new DeliveryBatches<number>({ windowMs: 100, max, deliver: (url, items) => delivered.push({ url, items }) }) };
  };

  it('gathers the items of one URL within the window into one delivery, in order', () => {
    const { delivered, b } = batches();
    b.add('/cobr', 1);
    jest.advanceTimersByTime(60);
    b.add('/cobr', 2);
    b.add('/rec', 9);
    expect(delivered).toEqual([]);
    jest.advanceTimersByTime(40);
    expect(delivered).toEqual([{ url: '/cobr', items: [1, 2] }]);
    b.add('/cobr', 3);
    // Each URL's window runs from its first item.
    jest.advanceTimersByTime(60);
    expect(delivered).toEqual([
      { url: '/cobr', items: [1, 2] },
      { url: '/rec', items: [9] },
    ]);
    jest.advanceTimersByTime(40);
    expect(delivered.at(-1)).toEqual({ url: '/cobr', items: [3] });
  });

  it('delivers a full batch at once, and the next item opens a new one', () => {
    const { delivered, b } = batches(2);
    b.add('/cobr', 1);
    b.add('/cobr', 2);
    expect(delivered).toEqual([{ url: '/cobr', items: [1, 2] }]);
    b.add('/cobr', 3);
    jest.advanceTimersByTime(100);
    expect(delivered).toEqual([
      { url: '/cobr', items: [1, 2] },
      { url: '/cobr', items: [3] },
    ]);
  });

  it('closed, delivers nothing pending', () => {
    const { delivered, b } = batches();
    b.add('/cobr', 1);
    b.close();
    jest.advanceTimersByTime(1_000);
    expect(delivered).toEqual([]);
  });
});
