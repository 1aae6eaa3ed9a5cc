import { useTestStack } from '../helpers/stack';
import { lastro as runLastro } from '../recipients/cli';
import { paidCard, refundReaches } from './fixtures';

// The CLI is another process: the API sees its settings change once its cached company is
// API_KEY_CACHE_TTL_MS old (test/companies/api-keys.int.test.ts); 0 here, so the next request does.
const t = useTestStack({ companies: ['Acme'], owners: ['Acme'], env: { API_KEY_CACHE_TTL_MS: '0' } });

const lastro = (args: string[]) => runLastro(t.stack, ...args);

describe('lastro refunds', () => {
  // Five CLI processes (each a `node --import tsx` start) can outlast jest's default on a loaded 2-core machine.
  it('settings shows and sets automatic approval; pending lists the refund; approve and refuse send the operator signals', async () => {
    const off = await lastro(['refunds', 'settings', t.company.Acme.company.id, '--auto-approve', 'off']);
    expect(off.code).toBe(0);
    expect(JSON.parse(off.stdout)).toEqual({ companyId: t.company.Acme.company.id, autoApprove: false });
    expect((await t.stack.http.get('/v1/settings/refunds').set(t.company.Acme.headers)).body).toEqual({ autoApprove: false });

    const ids = await paidCard(t.stack, t.company.Acme, 3_000);
    const first = await t.stack.http.post(`/v1/transactions/${ids.txnId}/payments/${ids.payId}/refund`).set(t.company.Acme.headers).send({ amount: 1_000, reason: 'um' });
    const second = await t.stack.http.post(`/v1/transactions/${ids.txnId}/payments/${ids.payId}/refund`).set(t.company.Acme.headers).send({ amount: 1_000, reason: 'dois' });
    expect([first.body.status, second.body.status]).toEqual(['pending', 'pending']);

    const pending = JSON.parse((await lastro(['refunds', 'pending'])).stdout) as { id: string }[];
    expect(pending.map((r) => r.id)).toEqual(expect.arrayContaining([first.body.id, second.body.id]));

    const approve = await lastro(['refunds', 'approve', first.body.id, '--operator', 'ana']);
    expect(JSON.parse(approve.stdout)).toEqual({ refundId: first.body.id, workflowId: first.body.id, signal: 'approve', operator: 'ana' });
    const done = await refundReaches(t.stack, t.company.Acme, first.body.id, 'refunded');
    expect(done.reviewedBy).toBe('ana');

    expect((await lastro(['refunds', 'refuse', second.body.id, '--operator', 'bia', '--reason', 'duplicado'])).code).toBe(0);
    const refused = await refundReaches(t.stack, t.company.Acme, second.body.id, 'refused');
    expect(refused).toMatchObject({ reviewedBy: 'bia', reason: 'dois' });

    const late = await lastro(['refunds', 'approve', second.body.id]);
    expect(late.code).not.toBe(0);
    expect(late.stderr).toContain('is refused');
  }, 300_000);
});
