import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../app-deps';
import type { BoletoRail } from '../processors/processors';
import { brasiliaToday } from './artifacts';
import { receiveBoletos, type BoletoReceiptReport } from './boleto-receipts.service';

type Deps = Pick<AppDeps, 'orm' | 'temporal' | 'config' | 'logger'>;

/** What one connection's sweep came to: the receipt counts, and the registrations it resolved. */
export interface BoletoSweepReport extends Omit<BoletoReceiptReport, 'paid'> {
  connectionId: string;
  /** Boletos registered by a creation that never committed, cancelled (baixa) at the issuer now. */
  orphansCanceled: number;
  /** Such boletos found paid: money for no payment, left to an operator (logged). */
  orphansPaid: number;
  /** Why this connection was not swept; the counts are then 0. */
  error?: string;
}

export const unsweptBoletos = (connectionId: string, error: string): BoletoSweepReport => ({
  connectionId, received: 0, settled: 0, alreadySettled: 0, unknown: 0, doubled: 0, late: 0, orphansCanceled: 0, orphansPaid: 0, error,
});

/**
 * One connection's boleto sweep, the backstop of the liquidation webhook and of a creation that
 * died half way:
 * - the boletos the issuer lists paid over the last `days` days are recorded as a webhook would
 *   (boleto-receipts.service: once each);
 * - a number recorded in `boleto_registrations` more than `orphanAfterMs` ago whose payment never
 *   committed is cancelled at the issuer, so no boleto stays payable without its payment; one whose
 *   payment exists is marked resolved.
 */
export async function sweepBoletos(deps: Deps, rail: BoletoRail, opts: { now: Date; days: number; orphanAfterMs: number }): Promise<BoletoSweepReport> {
  const to = brasiliaToday(opts.now);
  const from = brasiliaToday(new Date(opts.now.getTime() - opts.days * 86_400_000));
  const paid = await rail.issuer.listPaid({ from, to });
  const { paid: _paid, ...counts } = await receiveBoletos(deps, rail.connection.id, paid);
  const report: BoletoSweepReport = { connectionId: rail.connection.id, ...counts, orphansCanceled: 0, orphansPaid: 0 };

  const em = deps.orm.em.fork() as unknown as EntityManager;
  const open = await em.execute<Array<{ number: string; payment_id: string; committed: boolean }>>(
    `select r.number, r.payment_id, exists (select 1 from payments p where p.id = r.payment_id) as committed
       from boleto_registrations r
      where r.connection_id = ? and r.resolved_at is null and r.created_at < ?
      order by r.created_at limit 500`,
    [rail.connection.id, new Date(opts.now.getTime() - opts.orphanAfterMs)],
  );
  for (const r of open) {
    if (!r.committed) {
      const boleto = await rail.issuer.cancel(r.number);
      if (boleto?.status === 'paid') {
        report.orphansPaid++;
        deps.logger.error({ connectionId: rail.connection.id, number: r.number, paymentId: r.payment_id }, 'Boleto paid whose creation never committed; an operator returns the money');
      } else if (boleto) {
        report.orphansCanceled++;
      }
    }
    await em.execute(`update boleto_registrations set resolved_at = now() where number = ?`, [r.number]);
  }
  return report;
}
