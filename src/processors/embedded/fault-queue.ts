import type Router from '@koa/router';
import { z } from 'zod';

/**
 * The queue behind every embedded processor's `POST /embedded/faults`: each fault is queued for
 * the next `times` requests whose `"METHOD /path"` (no query string) matches its `path`, and the
 * first queued fault that matches is applied. What a fault does (an error status, a late answer, a
 * dropped one) is each processor's own, in the shape of its wire; the queue only picks it.
 * `/embedded/*` never matches: the simulator's control stays reachable.
 */

/** A regular expression tested on `"METHOD /path"`. */
export const faultPath = z.string().refine((s) => {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
}, 'not a regular expression');

export interface QueuedFault {
  path?: string;
  times: number;
}

type Pending<F> = F & { re: RegExp | null; left: number };

export class FaultQueue<F extends QueuedFault> {
  private queue: Array<Pending<F>> = [];
  applied = 0;

  /** `matchesByDefault`: the paths a fault without `path` applies to. */
  constructor(private readonly matchesByDefault: (path: string) => boolean = () => true) {}

  add(f: F): void {
    this.queue.push({ ...f, re: f.path === undefined ? null : new RegExp(f.path), left: f.times });
  }

  clear(): void {
    this.queue = [];
  }

  get pending(): number {
    return this.queue.reduce((n, f) => n + f.left, 0);
  }

  /** Takes one use of the first fault matching `METHOD /path`, if any. */
  take(method: string, path: string): F | null {
    if (path.startsWith('/embedded/')) return null;
    const line = `${method} ${path}`;
    const f = this.queue.find((x) => (x.re ? x.re.test(line) : this.matchesByDefault(path)));
    if (!f) return null;
    if (--f.left === 0) this.queue.splice(this.queue.indexOf(f), 1);
    this.applied++;
    return f;
  }
}

/** `POST /embedded/faults` (queue one, 201) and `DELETE /embedded/faults` (clear, 204); `parse` reads a fault or throws the processor's 400. */
export function faultRoutes<F extends QueuedFault>(router: Router, queue: FaultQueue<F>, parse: (body: unknown) => F): void {
  router.post('/embedded/faults', (ctx) => {
    const fault = parse(ctx.request.body);
    queue.add(fault);
    ctx.status = 201;
    ctx.body = { queued: fault, pending: queue.pending };
  });
  router.delete('/embedded/faults', (ctx) => {
    queue.clear();
    ctx.status = 204;
  });
}
