import { PassThrough } from 'node:stream';
import { createLogger } from '../../src/shared/logger';

/**
 * Lastro's lines log ids, never the data; the logger's redaction is the net under that rule:
 * a field that holds a credential, a card datum or a personal datum shows `[redacted]`, at
 * debug level too, at the top of a line's object or one level down.
 */
function lines(write: (logger: ReturnType<typeof createLogger>) => void): string {
  const out: string[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  write(createLogger('trace', 'test', sink));
  return out.join('');
}

const M = 'c4n4ry';

it('redacts credentials, card data, personal data, bank accounts, KYC files and payloads', () => {
  const out = lines((logger) => {
    logger.debug({ apiKey: `sk_${M}`, secret: `whsec_${M}`, token: `tok_${M}`, headers: { 'x-api-key': `sk_${M}`, authorization: `Bearer ${M}` } }, 'credentials');
    logger.debug({ card: { number: `4111${M}`, cvv: M }, creditCard: { token: M }, number: M, cvv: M }, 'card');
    logger.debug({ document: `529${M}`, email: `${M}@x.com`, phone: `+55${M}`, address: { street: M } }, 'person');
    logger.debug({ customer: { document: M, email: M, name: M }, recipient: { document: M, bankAccount: { account: M } } }, 'nested');
    logger.debug({ bankAccount: { account: M }, bankDetails: { branch: M }, pixKey: M }, 'bank');
    logger.debug({ files: [{ content: M }], kyc: { content: M, data: M } }, 'kyc');
    logger.debug({ payload: { payer: M }, event: { payload: { document: M } }, body: { cvv: M } }, 'payloads');
    logger.debug({ refund: { bankDetailsUrl: `https://x/refunds/bank-details/${M}` }, kycUrl: `https://x/kyc/${M}`, payer: { document: M } }, 'links');
  });
  expect(out.split('\n').filter(Boolean)).toHaveLength(8);
  expect(out).not.toContain(M);
  expect(out).toContain('[redacted]');
});

it('keeps what a reader needs: ids, routes, statuses', () => {
  const line = JSON.parse(lines((logger) => logger.info({ requestId: 'req_1', route: '/v1/customers', status: 201, companyId: 'comp_1', transactionId: 'txn_1' }, 'ok')));
  expect(line).toMatchObject({ requestId: 'req_1', route: '/v1/customers', status: 201, companyId: 'comp_1', transactionId: 'txn_1', msg: 'ok', service: 'test' });
});
