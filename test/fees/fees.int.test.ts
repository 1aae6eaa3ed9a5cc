import { useTestStack } from '../helpers/stack';
import { feeFor, setFees } from '../../src/fees/fees.service';
import { Company } from '../../src/companies/company.entity';
import { lastro, lastroViaNpm } from '../recipients/cli';

const t = useTestStack({ companies: ['Acme', 'Other'] });

const zero = { percentage: 0, fixed: 0 };

describe('GET /fees', () => {
  it('resolves an unconfigured account to zeros in the account currency, 12 card entries', async () => {
    const res = await t.stack.http.get('/fees').set(t.company.Acme.headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pix: zero,
      boleto: zero,
      creditCard: Array.from({ length: 12 }, (_, i) => ({ installments: i + 1, ...zero })),
      withdrawal: zero,
      refund: zero,
      chargeback: { fee: zero, penalty: zero },
      anticipation: { percentage: 0, approvalAbove: null },
      currency: 'BRL',
    });
    expect((await t.stack.http.get('/v1/fees').set(t.company.Acme.headers)).body.currency).toBe('BRL');
  });

  it('returns the configured table per currency (upper-cased query), without leaking across companies', async () => {
    const em = t.stack.em();
    await setFees(em, t.company.Acme.company.id, 'BRL', { pix: { percentage: 0.99, fixed: 0 }, creditCard: { '1': { percentage: 2.99, fixed: 0 } } });
    await setFees(em, t.company.Acme.company.id, 'BRL', { creditCard: { '12': { percentage: 4.99, fixed: 50 } }, chargeback: { fee: { percentage: 0, fixed: 1500 } } });
    await setFees(em, t.company.Acme.company.id, 'USD', { withdrawal: { percentage: 0, fixed: 300 } });

    const brl = await t.stack.http.get('/fees?currency=brl').set(t.company.Acme.headers);
    expect(brl.body).toMatchObject({ currency: 'BRL', pix: { percentage: 0.99, fixed: 0 }, chargeback: { fee: { percentage: 0, fixed: 1500 }, penalty: zero } });
    expect(brl.body.creditCard[0]).toEqual({ installments: 1, percentage: 2.99, fixed: 0 });
    expect(brl.body.creditCard[11]).toEqual({ installments: 12, percentage: 4.99, fixed: 50 });
    expect(brl.body.creditCard).toHaveLength(12);
    const usd = await t.stack.http.get('/fees?currency=Usd').set(t.company.Acme.headers);
    expect(usd.body).toMatchObject({ currency: 'USD', pix: zero, withdrawal: { percentage: 0, fixed: 300 } });
    expect((await t.stack.http.get('/fees').set(t.company.Other.headers)).body.pix).toEqual(zero);
    expect(await feeFor(t.stack.em(), t.company.Acme.company.id, 'BRL', { kind: 'credit_card', installments: 12 }, 10_000)).toBe(549);
  });

  it('defaults to the account currency setting', async () => {
    const company = await t.stack.seedCompany('Dollar');
    const em = t.stack.em();
    const row = await em.findOneOrFail(Company, { id: company.company.id });
    row.settings = { ...row.settings, defaultCurrency: 'USD' };
    await em.flush();
    expect((await t.stack.http.get('/fees').set(company.headers)).body.currency).toBe('USD');
  });

  it.each(['US', 'USDD', 'U$D', '123', ''])('rejects currency=%p with 400', async (currency) => {
    const res = await t.stack.http.get(`/fees?currency=${encodeURIComponent(currency)}`).set(t.company.Acme.headers);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', details: [expect.objectContaining({ path: 'currency' })] });
  });

  it('`npm run lastro -- fees set` sets some fees and keeps the others', async () => {
    const company = await t.stack.seedCompany('Cli');
    // Through npm itself once (the other CLI tests start the script's command without npm in front).
    const out = await lastroViaNpm(t.stack, 'fees', 'set', '--company', company.company.id, '--pix', '0.99', '--credit-card', '2-3=3.49:10', '--chargeback-penalty', '0:1500');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ companyId: company.company.id, currency: 'BRL', pix: { percentage: 0.99, fixed: 0 } });
    expect((await lastro(t.stack, 'fees', 'set', '--company', company.company.id, '--currency', 'usd', '--boleto', '0:349')).code).toBe(0);
    const brl = (await t.stack.http.get('/fees').set(company.headers)).body;
    expect(brl.creditCard.slice(0, 4)).toEqual([
      { installments: 1, percentage: 0, fixed: 0 },
      { installments: 2, percentage: 3.49, fixed: 10 },
      { installments: 3, percentage: 3.49, fixed: 10 },
      { installments: 4, percentage: 0, fixed: 0 },
    ]);
    expect(brl.chargeback).toEqual({ fee: zero, penalty: { percentage: 0, fixed: 1500 } });
    expect((await t.stack.http.get('/fees?currency=USD').set(company.headers)).body.boleto).toEqual({ percentage: 0, fixed: 349 });
    const bad = await lastro(t.stack, 'fees', 'set', '--company', company.company.id, '--pix', '2,5');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('expected <percentage>');
    expect((await lastro(t.stack, 'fees', 'set', '--company', 'comp_nope', '--pix', '1')).stderr).toContain('No company comp_nope');
  });

  it('rejects unknown query parameters and a missing key', async () => {
    expect((await t.stack.http.get('/fees?cur=BRL').set(t.company.Acme.headers)).status).toBe(400);
    expect((await t.stack.http.get('/fees')).status).toBe(401);
  });
});
