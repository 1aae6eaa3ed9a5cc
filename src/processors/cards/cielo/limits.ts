/**
 * In-process bounds on what reaches Cielo at once. `limiter` keeps a batch of authorizations (a
 * billing run's cards, all sent side by side by `authorizeAll`) to a few in flight, each starting
 * its timeout only when it goes out. `serializer` runs the calls on one key one after another: two
 * refunds of one sale in this process each read the sale's voided amount with the other finished.
 */

export function limiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      // The slot passes to the next waiter as is; only when none waits is it given back.
      if (next) next();
      else running--;
    }
  };
}

export function serializer(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return (key, task) => {
    const prev = tails.get(key) ?? Promise.resolve();
    const run = prev.then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
