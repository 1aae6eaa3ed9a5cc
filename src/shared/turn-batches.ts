/**
 * Work gathered over one turn of the event loop and run as one batch: the items added for a key
 * (a process's dispatcher, say) before the turn ends go to one `run`, at `setImmediate`, so no item
 * waits for anything that was not already there. Each item gets its own outcome from the batch's
 * (`run` answers one per item, in order); a `run` that throws fails every item of its batch. A
 * batch holds at most `max` items: the next ones open another, run in the same turn.
 */
export class TurnBatches<T, R> {
  private readonly open = new WeakMap<object, Array<Waiting<T, R>>>();

  constructor(
    private readonly run: (items: T[]) => Promise<Array<PromiseSettledResult<R>>>,
    private readonly max: number,
  ) {}

  add(key: object, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let batch = this.open.get(key);
      if (!batch || batch.length >= this.max) {
        const fresh: Array<Waiting<T, R>> = [];
        this.open.set(key, (batch = fresh));
        setImmediate(() => {
          if (this.open.get(key) === fresh) this.open.delete(key);
          void this.settle(fresh);
        });
      }
      batch.push({ item, resolve, reject });
    });
  }

  private async settle(batch: Array<Waiting<T, R>>): Promise<void> {
    let outcomes: Array<PromiseSettledResult<R>>;
    try {
      outcomes = await this.run(batch.map((w) => w.item));
    } catch (err) {
      outcomes = batch.map(() => ({ status: 'rejected', reason: err }));
    }
    batch.forEach((w, i) => {
      const o = outcomes[i];
      if (o.status === 'fulfilled') w.resolve(o.value);
      else w.reject(o.reason);
    });
  }
}

interface Waiting<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}
