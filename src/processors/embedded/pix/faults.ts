import { setTimeout as sleep } from 'node:timers/promises';
import type Koa from 'koa';
import { z } from 'zod';
import { problema, type Problema } from './pix.rules';
import { FaultQueue, faultPath } from '../fault-queue';

/**
 * Faults the simulator injects on request (`POST /embedded/faults`), so a client's handling of an
 * unreliable PSP can be tested against this process: an error status (500, 502, 503, 429, with a
 * `Retry-After`; 401 as for a token the PSP revoked) or a late answer (a timeout for a client with
 * a shorter deadline). Each fault is
 * queued for the next `times` API requests whose `"METHOD /path"` (no query string) matches `path`;
 * the first queued fault that matches is applied. Without `path`, every route but the token
 * endpoint matches. `/embedded/*` never does: the simulator's control stays reachable.
 */

export const faultBody = z
  .object({
    path: faultPath.optional(),
    status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(429), z.literal(401)]).optional(),
    retryAfter: z.number().int().min(0).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    times: z.number().int().min(1),
  })
  .refine((f) => f.status !== undefined || f.delayMs !== undefined, 'a fault needs a status, a delayMs, or both');
export type FaultRequest = z.infer<typeof faultBody>;

/** Bodies in the API Pix's problem shape: the document's type where it has one, else `about:blank` (as the PSP's own 401). */
function faultProblem(status: NonNullable<FaultRequest['status']>): Problema {
  if (status === 500) return problema('ErroInternoDoServidor');
  if (status === 503) return problema('ServicoIndisponivel');
  if (status === 401) return { type: 'about:blank', title: 'Unauthorized', status, detail: 'Token de acesso ausente, inválido ou expirado.' };
  if (status === 502) return { type: 'about:blank', title: 'Bad Gateway', status, detail: 'Falha simulada: resposta inválida de um servidor intermediário.' };
  return { type: 'about:blank', title: 'Too Many Requests', status, detail: 'Falha simulada: limite de requisições excedido.' };
}

export class Faults extends FaultQueue<FaultRequest> {
  constructor() {
    super((path) => path !== '/oauth/token');
  }

  /** Koa middleware: mounted before authentication, where a load balancer or an overloaded PSP would answer. */
  middleware(): Koa.Middleware {
    return async (ctx, next) => {
      const f = this.take(ctx.method, ctx.path);
      if (!f) return next();
      if (f.delayMs) await sleep(f.delayMs);
      if (f.status === undefined) return next();
      if (f.retryAfter !== undefined) ctx.set('Retry-After', String(f.retryAfter));
      if (f.status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="api-pix", error="invalid_token"');
      ctx.status = f.status;
      ctx.type = 'application/problem+json';
      ctx.body = faultProblem(f.status);
    };
  }
}
