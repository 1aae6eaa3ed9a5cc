import { randomUUID } from 'node:crypto';
import { startSessionFromLink } from '../../src/checkout/checkout-sessions.service';
import { statementsDuring } from './bench-stack';
import { benchCardTokens, benchCompany, latencies, ms, pool, resultRow, round, runBench, stopwatch } from './harness';
import { closedLoop, loadFigures, startNoopWorker, startNoopWorkflowFloor } from './transaction-floors/floors';

/**
 * A buyer's checkout, end to end on a dev-like stack started here (embedded PostgreSQL, the
 * Temporal dev server, the Lastro worker and API): a link visit (new session with its
 * snapshot, workflow started), the page's GET of the public view (12 installment options), and
 * a card confirmation in 3 installments answered after authorization. `clients` buyers at a
 * time, each through its own session; everything it started is stopped. Then the floor, on
 * the same servers: a no-op workflow started and answered by update-with-start (the card
 * authorization's round trip), `sessions` requests from `clients` clients; the row's ratio is
 * whole checkouts per second over the floor's requests per second, its p50 / p99 those of a
 * whole checkout. Statements per checkout come from pg_stat_statements over the measured run.
 *
 *   npm run bench -- checkout-sessions [sessions = 100] [clients = 8]
 */
export const run = (argv: string[]) =>
  runBench('checkout-sessions', argv, async (b) => {
    const total = b.args.number(0, 100);
    const clients = b.args.number(1, 8);
    const { deps, rootEm, connection } = await b.startStack({ env: { LASTRO_DATA_DIR: b.tmp, RATE_LIMIT_PER_MINUTE: '1000000', CHECKOUT_CONFIRMS_PER_MINUTE_PER_ADDRESS: '1000000', CHECKOUT_CONFIRMS_PER_MINUTE_PER_LINK: '1000000' } });
    b.defer(await startNoopWorker(connection, b.log));
    const { base } = await b.startApi(deps);
    const { companyId, apiKey } = await benchCompany(rootEm);
    const json = { 'x-api-key': apiKey, 'content-type': 'application/json' };
    const post = (p: string, body: unknown, headers: Record<string, string> = json) => fetch(`${base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const link = (await (
      await post('/checkout/links', {
        items: [{ name: 'Curso', quantity: 1, unitAmount: 15000 }],
        paymentMethods: { card: { installments: { maxInstallments: 12, freeInstallments: 1, interestRate: 2.99 } }, pix: {} },
      })
    ).json()) as { id: string };

    const tokens = await benchCardTokens(rootEm, companyId, total + clients);

    const timings = { visit: [] as number[], view: [] as number[], confirm: [] as number[], checkout: [] as number[] };
    let failures = 0;
    let firstFailure: string | null = null;
    const buyer = async (i: number) => {
      const started = performance.now();
      let t = started;
      const session = await startSessionFromLink(rootEm.fork(), deps, null, link.id);
      timings.visit.push(performance.now() - t);
      t = performance.now();
      await (await fetch(`${base}/checkout/public/sessions/${session.id}`)).json();
      timings.view.push(performance.now() - t);
      t = performance.now();
      const res = await post(
        `/checkout/public/sessions/${session.id}/confirm`,
        { customer: { name: 'Maria Silva', email: 'maria@example.com' }, payments: [{ method: 'credit_card', cardToken: tokens[i], installments: 3 }] },
        { 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
      );
      const text = await res.text();
      timings.confirm.push(performance.now() - t);
      timings.checkout.push(performance.now() - started);
      if (res.status !== 200 || !text.includes('"status":"paid"')) {
        failures++;
        firstFailure ??= `${res.status} ${text.slice(0, 200)}`;
      }
    };
    // Warm-up: loads the workflow bundle into the worker and fills the pools.
    for (let i = 0; i < clients; i++) await buyer(total + i);
    for (const k of Object.keys(timings) as Array<keyof typeof timings>) timings[k] = [];

    b.log(`[bench] ${total} buyers, ${clients} at a time…`);
    let seconds = 0;
    const statements = await statementsDuring(rootEm, () =>
      b.measured(async () => {
        const elapsed = stopwatch();
        await pool(total, clients, buyer);
        seconds = elapsed();
      }),
    );
    const rate = total / seconds;

    b.log(`[bench] the floor: ${total} no-op workflows by update-with-start, ${clients} at a time…`);
    const noopFloor = await startNoopWorkflowFloor(deps.temporal, 'bench-noop');
    b.defer(() => noopFloor.close());
    const noops = (n: number) => closedLoop({ port: noopFloor.port, path: '/', total: n, clients, body: () => ({}), ok: (s, body) => s === 201 && body.includes('paid') });
    await noops(clients);
    const floor = await noops(total);

    const steps = [
      ['visit (startSessionFromLink)', timings.visit],
      ['GET public session view', timings.view],
      ['confirm card 3x, answered paid', timings.confirm],
    ] as const;
    return {
      args: { sessions: total, clients },
      lines: [
        ...steps.map(([name, values]) => `${name.padEnd(32)} p50 ${ms(values, 50).padStart(7)} ms  p99 ${ms(values, 99).padStart(7)} ms`),
        `${rate.toFixed(1)} whole checkouts/s with ${clients} buyers at a time, p50 ${ms(timings.checkout, 50)} ms, p99 ${ms(timings.checkout, 99)} ms${failures ? `  (${failures} failed, first: ${firstFailure})` : ''}`,
        `  SQL statements per checkout (pg_stat_statements, the work it set going included): ${(statements / total).toFixed(1)}`,
        `floor: no-op workflow, update-with-start, ${clients} clients: ${floor.rate.toFixed(1)} req/s  p50 ${ms(floor.latencies, 50)} ms  p99 ${ms(floor.latencies, 99)} ms${floor.failures ? `  (${floor.failures} failed, first: ${floor.firstFailure})` : ''}`,
        `checkouts/s over the floor's requests/s: ${(rate / floor.rate).toFixed(3)}×`,
      ],
      results: [
        resultRow('checkout (visit, view, card confirm)', clients, { rate, latencies: timings.checkout }, floor, {
          checkouts: total,
          seconds: round(seconds, 2),
          failures,
          visitMs: latencies(timings.visit),
          viewMs: latencies(timings.view),
          confirmMs: latencies(timings.confirm),
        }),
      ],
      statementsPerOp: round(statements / total, 1),
      floor: { noopWorkflow: loadFigures(floor) },
    };
  });
