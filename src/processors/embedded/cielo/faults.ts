import { setTimeout as sleep } from 'node:timers/promises';
import type Koa from 'koa';
import { FaultQueue } from '../fault-queue';
import { cieloError } from './cielo.rules';
import type { FaultRequest } from './schemas';

/**
 * Faults the acquirer injects on request (`POST /embedded/faults`), to test a client against an
 * unreliable acquirer: an error status (500, 502, 503, 504, 429, with a `Retry-After`), a late
 * answer, or `dropAnswerAfterCommit`: the request is served to the end (a sale made and charged, a
 * void booked) and then the connection is destroyed without an answer, the lost answer a client
 * resolves by querying before any retry; `answerDelayMs`: the request is served at once and its
 * answer (or its drop) held back, the window in which a client process dies after the acquirer
 * acted; `refuse`: Cielo's refusal of the request (400, code 0), nothing done. Matching and
 * queueing are `FaultQueue`'s.
 */

const REASONS: Record<NonNullable<FaultRequest['status']>, string> = {
  500: 'Internal error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  429: 'Too Many Requests',
};

export class Faults extends FaultQueue<FaultRequest> {
  /** Koa middleware: mounted before authentication, where a load balancer or an overloaded acquirer would answer. */
  middleware(): Koa.Middleware {
    return async (ctx, next) => {
      const f = this.take(ctx.method, ctx.path);
      if (!f) return next();
      if (f.delayMs) await sleep(f.delayMs);
      if (f.refuse) {
        ctx.status = 400;
        ctx.body = [cieloError(0, 'Refused by a queued fault')];
        return;
      }
      if (f.dropAnswerAfterCommit) {
        try {
          await next();
          if (f.answerDelayMs) await sleep(f.answerDelayMs);
        } finally {
          ctx.respond = false;
          ctx.req.socket.destroy();
        }
        return;
      }
      if (f.answerDelayMs) {
        await next();
        await sleep(f.answerDelayMs);
        return;
      }
      if (f.status === undefined) return next();
      if (f.retryAfter !== undefined) ctx.set('Retry-After', String(f.retryAfter));
      ctx.status = f.status;
      ctx.body = [cieloError(0, REASONS[f.status])];
    };
  }
}
