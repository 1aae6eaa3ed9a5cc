import type { EntityManager } from '@mikro-orm/postgresql';
import { pool } from './harness';

/**
 * The Pix Automático third of the billing benchmark: subscriptions with no card, each paying by
 * its own mandate, really created at the embedded Pix PSP (a process of its own) through
 * Lastro's API (`POST /subscriptions/:id/pix-automatico`, the QR journey) and approved by the
 * PSP's control endpoint as the payer's bank would (its `/webhookrec` callback activates it in
 * Lastro). Not measured; a few at once (each is two API calls, a PSP call and a callback).
 */
export async function approveMandates(
  rootEm: EntityManager,
  call: (method: string, url: string, body?: object) => Promise<{ id: string }>,
  pspBaseUrl: string,
  subscriptionIds: string[],
  atOnce = 16,
): Promise<void> {
  await pool(subscriptionIds.length, atOnce, async (i) => {
    const mandate = await call('POST', `/subscriptions/${subscriptionIds[i]}/pix-automatico`, { authorization: 'qr' });
    const [row] = await rootEm.fork().execute<{ psp_mandate_id: string }[]>(`select psp_mandate_id from billing_mandates where id = ?`, [mandate.id]);
    const res = await fetch(`${pspBaseUrl}/embedded/rec/${row.psp_mandate_id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jornada: 'JORNADA_2', payer: { outcome: 'pays' } }),
    });
    if (!res.ok) throw new Error(`approving mandate ${row.psp_mandate_id} at the PSP: ${res.status} ${await res.text()}`);
  });
}

/** How many of these subscriptions' mandates are active in Lastro. */
export async function activeMandateCount(rootEm: EntityManager, companyId: string): Promise<number> {
  const [row] = await rootEm.fork().execute<{ n: string }[]>(`select count(*) as n from billing_mandates where company_id = ? and status = 'active'`, [companyId]);
  return Number(row.n);
}

/** Mandate charges scheduled since `since`: their Pix transactions (one per invoice, made once its `cobr` was accepted). */
export async function mandateChargesScheduled(rootEm: EntityManager, companyId: string, since: Date): Promise<number> {
  const [row] = await rootEm
    .fork()
    .execute<{ n: string }[]>(`select count(*) as n from transactions where company_id = ? and origin = 'subscription' and metadata->>'mandateId' is not null and created_at >= ?`, [companyId, since]);
  return Number(row.n);
}

/**
 * Milliseconds from `since` until each invoice of one method reached its mark: a card invoice
 * paid (its invoice.paid event), a mandate invoice's charge scheduled (its transaction.created).
 */
export async function doneAfter(rootEm: EntityManager, companyId: string, since: Date): Promise<{ card: number[]; mandate: number[] }> {
  const card = await rootEm.fork().execute<Array<{ ms: number }>>(
    `select extract(epoch from min(e.created_at) - ?::timestamptz)::float * 1000 as ms
       from events e join billing_invoices i on i.id = e.entity_id join billing_subscriptions s on s.id = i.subscription_id
      where e.company_id = ? and e.created_at >= ? and e.type = 'invoice.paid' and s.default_payment_method_ref is not null group by e.entity_id`,
    [since, companyId, since],
  );
  const mandate = await rootEm.fork().execute<Array<{ ms: number }>>(
    `select extract(epoch from created_at - ?::timestamptz)::float * 1000 as ms from transactions
      where company_id = ? and origin = 'subscription' and metadata->>'mandateId' is not null and created_at >= ?`,
    [since, companyId, since],
  );
  return { card: card.map((r) => r.ms), mandate: mandate.map((r) => r.ms) };
}

/** The embedded PSP's request counters (`GET /embedded/stats`), the simulator's own controls left out: Lastro's calls. */
export async function pspCalls(baseUrl: string): Promise<{ total: number; cobrPuts: number }> {
  const res = await fetch(`${baseUrl}/embedded/stats`);
  if (!res.ok) throw new Error(`GET /embedded/stats answered ${res.status}`);
  const { requests = {} } = (await res.json()) as { requests?: Record<string, number> };
  const total = Object.entries(requests)
    .filter(([route]) => !route.includes('/embedded/'))
    .reduce((a, [, n]) => a + n, 0);
  return { total, cobrPuts: requests['PUT /cobr/:txid'] ?? 0 };
}
