import { appKeyParam } from '../../src/processors/boletos/bb-cobranca/wire';

/** Which query parameter carries the application key: BB's gateway reads another one in production. */
describe('the BB application key parameter', () => {
  it.each([
    ['https://api.bb.com.br/cobrancas/v2', 'gw-app-key'],
    ['https://api-ip.bb.com.br', 'gw-app-key'],
    ['https://API.BB.COM.BR', 'gw-app-key'],
    ['https://api.hm.bb.com.br/cobrancas/v2', 'gw-dev-app-key'],
    ['https://api.sandbox.bb.com.br/cobrancas/v2', 'gw-dev-app-key'],
    ['https://homologa-api-ip.bb.com.br:7144', 'gw-dev-app-key'],
    ['https://127.0.0.1:43123', 'gw-dev-app-key'],
    ['https://bb.com.br.evil.example', 'gw-dev-app-key'],
    ['not a url', 'gw-dev-app-key'],
  ])('%s → %s', (url, param) => {
    expect(appKeyParam(url)).toBe(param);
  });
});
