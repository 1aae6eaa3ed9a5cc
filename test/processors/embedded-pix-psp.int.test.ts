import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createPublicKey, verify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { Agent, fetch as undiciFetch } from 'undici';
import { parsePixPayload } from '../../src/payments/pix.rules';
import { check, checkExchange, loadDocument, SPEC_PATH, type Exchange } from './bcb-api-pix-document';

/**
 * The embedded Pix PSP as its own process (`node --import tsx src/processors/embedded/main.ts pix
 * --port 0`, what `npm run psp` runs), driven over HTTP as Lastro's adapter will drive a real
 * PSP: OAuth2 client credentials and scopes, cob/cobv, a received Pix and its callback, refunds
 * (devoluções) and webhook registration. Callbacks land on a small HTTP server of this test.
 */

const root = path.resolve(__dirname, '..', '..');
const CHAVE = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
const ERR = 'https://pix.bcb.gov.br/api/v2/error/';

interface Info {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

let child: ChildProcess;
let info: Info;
let stdoutLines: string[] = [];
let token: string;
let receiver: http.Server;
let receiverUrl: string;
const callbacks: Array<{ url: string; body: { pix: Array<Record<string, any>> } }> = [];
let receiverFailuresLeft = 0;
/** Every API answer of this file, checked against the BCB document at the end. */
const exchanges: Exchange[] = [];

let txCounter = 0;
const newTxid = (): string => `lastroEmbeddedPsp${Date.now().toString(36)}${(++txCounter).toString().padStart(4, '0')}`.slice(0, 35);

async function poll<T>(fn: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}

function startPsp(args: string[]): { child: ChildProcess; firstLine: Promise<string>; exit: Promise<{ code: number | null; stderr: string }> } {
  const c = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/processors/embedded/main.ts'), 'pix', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  c.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => c.once('exit', (code) => resolve({ code, stderr: err })));
  const firstLine = new Promise<string>((resolve, reject) => {
    c.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    void exit.then(({ code }) => reject(new Error(`psp exited ${code}: ${err}`)));
  });
  firstLine.catch(() => undefined);
  c.stdout!.on('data', () => (stdoutLines = out.split('\n').filter(Boolean)));
  return { child: c, firstLine, exit };
}

async function api(method: string, p: string, body?: unknown, opts: { token?: string | null } = {}) {
  const t = opts.token === undefined ? token : opts.token;
  const res = await fetch(`${info.baseUrl}${p}`, {
    method,
    headers: { ...(t ? { authorization: `Bearer ${t}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  if (!p.startsWith('/embedded/') && res.status !== 401) exchanges.push({ method, path: p, status: res.status, contentType: res.headers.get('content-type') ?? '', body: json });
  return { status: res.status, type: res.headers.get('content-type') ?? '', headers: res.headers, body: json };
}

async function getToken(scope?: string, credentials = `${info.clientId}:${info.clientSecret}`) {
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  const res = await fetch(info.tokenUrl, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const cobBody = (extra: Record<string, unknown> = {}) => ({
  calendario: { expiracao: 3600 },
  devedor: { cpf: '12345678909', nome: 'Francisco da Silva' },
  valor: { original: '123.45' },
  chave: CHAVE,
  solicitacaoPagador: 'Pedido 42',
  ...extra,
});

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let data = '';
    req.on('data', (d) => (data += d));
    req.on('end', () => {
      if (receiverFailuresLeft > 0) {
        receiverFailuresLeft--;
        res.writeHead(503).end();
        return;
      }
      callbacks.push({ url: req.url ?? '', body: JSON.parse(data) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/lastro/pix-webhook/`;

  const started = startPsp(['--port', '0', '--webhook-retry-base-ms', '20', '--webhook-late-ms', '300', '--devolucao-delay-ms', '10']);
  child = started.child;
  info = JSON.parse(await started.firstLine);
  token = (await getToken()).body.access_token;
});

afterAll(async () => {
  child?.kill('SIGTERM');
  await new Promise((r) => child?.once('exit', r));
  await new Promise((r) => receiver.close(r));
});

describe('process', () => {
  it('prints exactly one JSON line with baseUrl, tokenUrl, clientId, clientSecret', () => {
    expect(stdoutLines).toHaveLength(1);
    expect(Object.keys(info).sort()).toEqual(['baseUrl', 'clientId', 'clientSecret', 'tokenUrl']);
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.tokenUrl).toBe(`${info.baseUrl}/oauth/token`);
  });

  it('fails loudly when it cannot bind its port', async () => {
    const port = new URL(info.baseUrl).port;
    const second = startPsp(['--port', port]);
    const { code, stderr } = await second.exit;
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/cannot listen on 127\.0\.0\.1:\d+/);
  });
});

describe('OAuth2 client credentials', () => {
  it('issues a bearer token for the client', async () => {
    const r = await getToken();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: expect.stringContaining('cob.write') });
  });

  it('refuses wrong credentials, grant types and scopes as OAuth2 says', async () => {
    expect(await getToken(undefined, `${info.clientId}:wrong`)).toEqual({ status: 401, body: expect.objectContaining({ error: 'invalid_client' }) });
    expect((await getToken('cob.write nope.read')).body.error).toBe('invalid_scope');
    const res = await fetch(info.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${info.clientId}:${info.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toBe('unsupported_grant_type');
  });

  it('every API route needs a valid token (401) carrying the route scope (403 AcessoNegado)', async () => {
    const none = await api('GET', `/cob/${newTxid()}`, undefined, { token: null });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(none.body).toMatchObject({ status: 401, title: expect.any(String) });
    expect((await api('GET', `/pix/E12345678202009091221abcdef12345`, undefined, { token: 'forged' })).status).toBe(401);

    const readOnly = (await getToken('cob.read')).body.access_token;
    const denied = await api('PUT', `/cob/${newTxid()}`, cobBody(), { token: readOnly });
    expect(denied.status).toBe(403);
    expect(denied.type).toContain('application/problem+json');
    expect(denied.body).toMatchObject({ type: `${ERR}AcessoNegado`, status: 403, title: expect.any(String), detail: expect.stringContaining('cob.write') });
    for (const [method, p] of [
      ['GET', '/cobv/x'],
      ['GET', '/pix?inicio=2020-01-01T00:00:00Z&fim=2020-01-02T00:00:00Z'],
      ['PUT', '/webhook/x'],
      ['GET', '/webhook/x'],
    ]) {
      expect((await api(method, p, method === 'PUT' ? {} : undefined, { token: readOnly })).status).toBe(403);
    }
    expect((await api('GET', `/cob/${newTxid()}`, undefined, { token: readOnly })).status).toBe(404);
  });
});

describe('cob (immediate charges)', () => {
  it('creates, reads and revises a charge with loc, location and pixCopiaECola', async () => {
    const txid = newTxid();
    const created = await api('PUT', `/cob/${txid}`, cobBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      txid,
      revisao: 0,
      status: 'ATIVA',
      calendario: { expiracao: 3600, criacao: expect.any(String) },
      valor: { original: '123.45' },
      chave: CHAVE,
      devedor: { cpf: '12345678909', nome: 'Francisco da Silva' },
      solicitacaoPagador: 'Pedido 42',
      loc: { id: expect.any(Number), txid, tipoCob: 'cob', location: expect.any(String), criacao: expect.any(String) },
    });
    const { location } = created.body;
    expect(created.body.loc.location).toBe(location);
    expect(location.startsWith(new URL(info.baseUrl).host + '/')).toBe(true);
    expect(location.length).toBeLessThanOrEqual(77);
    expect(parsePixPayload(created.body.pixCopiaECola)).toMatchObject({ kind: 'dynamic', locationUrl: location });

    // The location serves the charge payload as a JWS signed by the PSP (what a payer's bank reads).
    const jws = await fetch(`http://${location}`);
    expect(jws.headers.get('content-type')).toContain('application/jose');
    const [h, p, s] = (await jws.text()).split('.');
    const header = JSON.parse(Buffer.from(h, 'base64url').toString());
    const jwks = (await (await fetch(header.jku)).json()) as { keys: any[] };
    const key = createPublicKey({ key: jwks.keys.find((k) => k.kid === header.kid), format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(p, 'base64url').toString())).toMatchObject({ txid, status: 'ATIVA', valor: { original: '123.45' }, calendario: { apresentacao: expect.any(String) } });

    const again = await api('PUT', `/cob/${txid}`, cobBody());
    expect(again.body.revisao).toBe(0);

    const patched = await api('PATCH', `/cob/${txid}`, { valor: { original: '200.00' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ revisao: 1, valor: { original: '200.00' }, location });

    expect((await api('GET', `/cob/${txid}`)).body).toMatchObject({ revisao: 1, valor: { original: '200.00' } });
    expect((await api('GET', `/cob/${txid}?revisao=0`)).body).toMatchObject({ revisao: 0, valor: { original: '123.45' } });
    expect((await api('GET', `/cob/${txid}?revisao=7`)).body).toMatchObject({ type: `${ERR}CobConsultaInvalida`, status: 400 });
  });

  it('removal by the receiving user, and no change after it', async () => {
    const txid = newTxid();
    await api('PUT', `/cob/${txid}`, cobBody());
    const both = await api('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', valor: { original: '1.00' } });
    expect(both.body).toMatchObject({ type: `${ERR}CobOperacaoInvalida`, status: 400 });
    const removed = await api('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect(removed.body).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 1 });
    const after = await api('PATCH', `/cob/${txid}`, { valor: { original: '1.00' } });
    expect(after.body).toMatchObject({ type: `${ERR}CobOperacaoInvalida`, violacoes: [expect.objectContaining({ propriedade: 'cob.status' })] });
    expect((await api('PUT', `/cob/${txid}`, cobBody())).status).toBe(400);
    expect((await api('POST', `/embedded/cob/${txid}/pay`, {})).status).toBe(400);
  });

  it('validation errors name the violated properties', async () => {
    const bad = await api('PUT', `/cob/${newTxid()}`, cobBody({ valor: { original: '10.0' }, chave: 'not a key' }));
    expect(bad.status).toBe(400);
    expect(bad.type).toContain('application/problem+json');
    expect(bad.body).toMatchObject({ type: `${ERR}CobOperacaoInvalida`, title: expect.any(String), status: 400, detail: expect.any(String) });
    expect(bad.body.violacoes.map((v: any) => v.propriedade)).toContain('cob.valor.original');

    const semantic = await api('PUT', `/cob/${newTxid()}`, cobBody({ calendario: { expiracao: 0 }, valor: { original: '0.00' }, chave: 'not a key' }));
    expect(semantic.body.violacoes.map((v: any) => v.propriedade).sort()).toEqual(['cob.calendario.expiracao', 'cob.chave', 'cob.valor.original']);

    expect((await api('PUT', '/cob/short', cobBody())).body).toMatchObject({ type: `${ERR}CobOperacaoInvalida`, violacoes: [expect.objectContaining({ propriedade: 'txid' })] });
    expect((await api('GET', `/cob/${newTxid()}`)).body).toMatchObject({ type: `${ERR}CobNaoEncontrado`, status: 404 });
    expect((await api('PATCH', `/cob/${newTxid()}`, {})).status).toBe(404);
  });

  it('a method a resource does not take is 405 with Allow, TRACE too (not a server error); no resource is 404', async () => {
    // Plain node:http: fetch refuses to send TRACE. Not recorded for the conformance check (the document lists no 405).
    const send = (method: string, p: string) =>
      new Promise<{ status: number; allow?: string; type?: string; body: any }>((resolve, reject) => {
        const req = http.request(`${info.baseUrl}${p}`, { method, headers: { authorization: `Bearer ${token}` } }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, type: res.headers['content-type'], body: JSON.parse(text) }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const method of ['POST', 'DELETE', 'TRACE']) {
      const r = await send(method, `/cob/${newTxid()}`);
      expect(r).toMatchObject({ status: 405, type: expect.stringContaining('application/problem+json'), body: { type: 'about:blank', status: 405 } });
      expect(r.allow!.split(', ').sort()).toEqual(['GET', 'HEAD', 'PATCH', 'PUT']);
    }
    expect(await send('TRACE', '/nada')).toMatchObject({ status: 404, allow: undefined, body: { type: `${ERR}NaoEncontrado` } });
  });
});

describe('cobv (charges with a due date)', () => {
  const due = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const cobvBody = (extra: Record<string, unknown> = {}) => ({
    calendario: { dataDeVencimento: due(10), validadeAposVencimento: 5 },
    devedor: { cpf: '12345678909', nome: 'Francisco da Silva', logradouro: 'Rua 1', cidade: 'Recife', uf: 'PE', cep: '70011750' },
    valor: { original: '100.00', multa: { modalidade: 2, valorPerc: '2.00' }, juros: { modalidade: 1, valorPerc: '0.50' }, abatimento: { modalidade: 1, valorPerc: '1.00' } },
    chave: CHAVE,
    ...extra,
  });

  it('creates and reads with recebedor and validity; a cob txid is not a cobv', async () => {
    const txid = newTxid();
    const r = await api('PUT', `/cobv/${txid}`, cobvBody());
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      txid,
      revisao: 0,
      status: 'ATIVA',
      calendario: { dataDeVencimento: due(10), validadeAposVencimento: 5, criacao: expect.any(String) },
      loc: { tipoCob: 'cobv' },
      location: expect.stringContaining('/qr/v2/cobv/'),
      recebedor: expect.objectContaining({ cnpj: expect.any(String), nome: expect.any(String), cidade: expect.any(String) }),
      valor: { original: '100.00', multa: { modalidade: 2, valorPerc: '2.00' } },
    });
    expect((await api('GET', `/cobv/${txid}`)).body.txid).toBe(txid);
    expect((await api('GET', `/cob/${txid}`)).status).toBe(404);
    expect((await api('PUT', `/cob/${txid}`, cobBody())).status).toBe(400);

    const payload = await (await fetch(`http://${r.body.location}`)).text();
    expect(JSON.parse(Buffer.from(payload.split('.')[1], 'base64url').toString()).valor).toMatchObject({ original: '100.00', abatimento: '1.00', final: '99.00' });
  });

  it('validation: past due date, discount rules, missing devedor', async () => {
    const r = await api('PUT', `/cobv/${newTxid()}`, cobvBody({ calendario: { dataDeVencimento: due(-3) }, valor: { original: '100.00', desconto: { modalidade: 1 } } }));
    expect(r.body).toMatchObject({ type: `${ERR}CobVOperacaoInvalida`, status: 400 });
    expect(r.body.violacoes.map((v: any) => v.propriedade).sort()).toEqual(['cobv.calendario.dataDeVencimento', 'cobv.valor.desconto.descontoDataFixa']);
    const noDevedor = await api('PUT', `/cobv/${newTxid()}`, { ...cobvBody(), devedor: undefined });
    expect(noDevedor.body.violacoes.map((v: any) => v.propriedade)).toContain('cobv.devedor');
    expect((await api('GET', `/cobv/${newTxid()}`)).body.type).toBe(`${ERR}CobVNaoEncontrada`);
  });

  it('paid late: fine and interest are components of the Pix value', async () => {
    const txid = newTxid();
    await api('PUT', `/cobv/${txid}`, cobvBody());
    const paid = await api('POST', `/embedded/cob/${txid}/pay`, { data: due(14), callback: 'never' });
    expect(paid.status).toBe(201);
    // Four days after the due date (at most three after a due date moved past a weekend and holiday): 2% fine, interest per day, 1.00 abatement.
    expect(paid.body.componentesValor).toMatchObject({ original: { valor: '100.00' }, multa: { valor: '2.00' }, abatimento: { valor: '1.00' } });
    const c = paid.body.componentesValor;
    const cents = (v?: { valor: string }) => (v ? Math.round(Number(v.valor) * 100) : 0);
    expect(cents({ valor: paid.body.valor })).toBe(cents(c.original) + cents(c.multa) + cents(c.juros) - cents(c.abatimento) - cents(c.desconto));
    expect((await api('GET', `/cobv/${txid}`)).body).toMatchObject({ status: 'CONCLUIDA', pix: [expect.objectContaining({ endToEndId: paid.body.endToEndId })] });
    expect((await api('POST', `/embedded/cob/${newTxid()}/pay`, {})).status).toBe(404);
  });
});

describe('received Pix, callbacks, devoluções', () => {
  beforeAll(async () => {
    const r = await api('PUT', `/webhook/${CHAVE}`, { webhookUrl: receiverUrl });
    expect(r.status).toBe(200);
  });

  const callbackFor = (e2eid: string, pred: (p: Record<string, any>) => boolean = () => true) =>
    poll(async () => callbacks.find((c) => c.body.pix.some((p) => p.endToEndId === e2eid && pred(p))), `callback for ${e2eid}`);

  it('webhook registration: read, refuse a bad URL or key, delete', async () => {
    expect((await api('GET', `/webhook/${CHAVE}`)).body).toEqual({ webhookUrl: receiverUrl, chave: CHAVE, cnpj: expect.stringMatching(/^[0-9A-Z]{14}$/), criacao: expect.any(String) });
    expect((await api('PUT', `/webhook/${CHAVE}`, { webhookUrl: 'not a url' })).body).toMatchObject({ type: `${ERR}WebhookOperacaoInvalida`, status: 400 });
    expect((await api('PUT', '/webhook/nokey', { webhookUrl: receiverUrl })).body).toMatchObject({ type: `${ERR}WebhookOperacaoInvalida` });
    const other = '+5561996671234';
    expect((await api('PUT', `/webhook/${encodeURIComponent(other)}`, { webhookUrl: receiverUrl })).status).toBe(200);
    expect((await api('DELETE', `/webhook/${encodeURIComponent(other)}`)).status).toBe(204);
    expect((await api('GET', `/webhook/${encodeURIComponent(other)}`)).body).toMatchObject({ type: `${ERR}WebhookNaoEncontrado`, status: 404 });
    expect((await api('DELETE', `/webhook/${encodeURIComponent(other)}`)).status).toBe(404);
  });

  it('pay → CONCLUIDA, Pix readable by e2eid and in the list, callback POSTed to <webhookUrl>/pix', async () => {
    const txid = newTxid();
    await api('PUT', `/cob/${txid}`, cobBody());
    const paid = await api('POST', `/embedded/cob/${txid}/pay`, { infoPagador: 'obrigado', pagador: { cpf: '98765432100', nome: 'Pagador' } });
    expect(paid.status).toBe(201);
    const e2eid: string = paid.body.endToEndId;
    expect(e2eid).toMatch(/^E\d{8}\d{12}[a-zA-Z0-9]{11}$/);
    expect(paid.body).toMatchObject({ txid, valor: '123.45', chave: CHAVE, infoPagador: 'obrigado', componentesValor: { original: { valor: '123.45' } } });

    const cob = await api('GET', `/cob/${txid}`);
    expect(cob.body).toMatchObject({ status: 'CONCLUIDA', revisao: 0, pix: [expect.objectContaining({ endToEndId: e2eid })] });
    expect((await api('GET', `/pix/${e2eid}`)).body).toEqual(paid.body);
    expect((await api('POST', `/embedded/cob/${txid}/pay`, {})).status).toBe(400);

    const cb = await callbackFor(e2eid);
    expect(cb.url).toBe('/lastro/pix-webhook/pix');
    expect(cb.body.pix[0]).toMatchObject({ endToEndId: e2eid, txid, valor: '123.45', horario: paid.body.horario });

    const inicio = new Date(Date.parse(paid.body.horario) - 1000).toISOString();
    const fim = new Date(Date.parse(paid.body.horario) + 1000).toISOString();
    const list = await api('GET', `/pix?inicio=${inicio}&fim=${fim}&cpf=98765432100`);
    expect(list.status).toBe(200);
    expect(list.body.parametros).toEqual({ inicio, fim, cpf: '98765432100', paginacao: { paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: 1 } });
    expect(list.body.pix.map((p: any) => p.endToEndId)).toEqual([e2eid]);
    expect((await api('GET', `/pix?inicio=${fim}&fim=${inicio}`)).body).toMatchObject({ type: `${ERR}PixConsultaInvalida`, status: 400 });
    expect((await api('GET', `/pix?inicio=${inicio}`)).body.type).toBe(`${ERR}PixConsultaInvalida`);
    expect((await api('GET', '/pix/E00000000202001010000aaaaaaaaaaa')).body).toMatchObject({ type: `${ERR}PixNaoEncontrado`, status: 404 });
  });

  it('lists page by paginacao parameters', async () => {
    const t0 = new Date().toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const txid = newTxid();
      await api('PUT', `/cob/${txid}`, cobBody());
      ids.push((await api('POST', `/embedded/cob/${txid}/pay`, { callback: 'never', pagador: { cnpj: '11222333000181', nome: 'Empresa' } })).body.endToEndId);
    }
    const fim = new Date(Date.now() + 1000).toISOString();
    const page1 = await api('GET', `/pix?inicio=${t0}&fim=${fim}&cnpj=11222333000181&paginacao.paginaAtual=1&paginacao.itensPorPagina=2`);
    expect(page1.body.parametros.paginacao).toEqual({ paginaAtual: 1, itensPorPagina: 2, quantidadeDePaginas: 2, quantidadeTotalDeItens: 3 });
    expect(page1.body.pix.map((p: any) => p.endToEndId)).toHaveLength(1);
    const page0 = await api('GET', `/pix?inicio=${t0}&fim=${fim}&cnpj=11222333000181&paginacao.itensPorPagina=2`);
    expect([...page0.body.pix, ...page1.body.pix].map((p: any) => p.endToEndId).sort()).toEqual([...ids].sort());
  });

  it('a failing receiver is retried until it answers 2xx', async () => {
    receiverFailuresLeft = 2;
    const txid = newTxid();
    await api('PUT', `/cob/${txid}`, cobBody());
    const e2eid = (await api('POST', `/embedded/cob/${txid}/pay`, {})).body.endToEndId;
    await callbackFor(e2eid);
    const d = (await api('GET', '/embedded/deliveries')).body.deliveries.filter((x: any) => x.delivered && x.attempts === 3);
    expect(d.length).toBeGreaterThanOrEqual(1);
  });

  it('fault mode late: the callback comes after its delay, once', async () => {
    const txid = newTxid();
    await api('PUT', `/cob/${txid}`, cobBody());
    const late = (await api('POST', `/embedded/cob/${txid}/pay`, { callback: 'late' })).body.endToEndId;
    await callbackFor(late);
    expect(callbacks.filter((c) => c.body.pix.some((p) => p.endToEndId === late))).toHaveLength(1);
  });

  it('fault modes: twice sends two callbacks, never sends none', async () => {
    const tx1 = newTxid();
    await api('PUT', `/cob/${tx1}`, cobBody());
    const twice = (await api('POST', `/embedded/cob/${tx1}/pay`, { callback: 'twice' })).body.endToEndId;
    await poll(async () => callbacks.filter((c) => c.body.pix.some((p) => p.endToEndId === twice)).length === 2, 'two callbacks');

    const tx2 = newTxid();
    await api('PUT', `/cob/${tx2}`, cobBody());
    const never = (await api('POST', `/embedded/cob/${tx2}/pay`, { callback: 'never' })).body.endToEndId;
    // A later callback (a devolução settling) proves the sender has moved past the withheld one.
    await api('PUT', `/pix/${never}/devolucao/d1`, { valor: '1.00' });
    await callbackFor(never, (p) => p.devolucoes?.[0]?.status === 'DEVOLVIDO');
    expect(callbacks.filter((c) => c.body.pix.some((p) => p.endToEndId === never && !p.devolucoes))).toHaveLength(0);
  });

  it('devolução: EM_PROCESSAMENTO then DEVOLVIDO, idempotent on id, limited to what is left', async () => {
    const txid = newTxid();
    await api('PUT', `/cob/${txid}`, cobBody());
    const e2eid = (await api('POST', `/embedded/cob/${txid}/pay`, { callback: 'never' })).body.endToEndId;

    const first = await api('PUT', `/pix/${e2eid}/devolucao/ref1`, { valor: '100.00', descricao: 'devolvendo' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: 'ref1', valor: '100.00', status: 'EM_PROCESSAMENTO', natureza: 'ORIGINAL', horario: { solicitacao: expect.any(String) } });
    expect(first.body.rtrId).toMatch(/^D\d{8}\d{12}[a-zA-Z0-9]{11}$/);

    const repeat = await api('PUT', `/pix/${e2eid}/devolucao/ref1`, { valor: '100.00', descricao: 'devolvendo' });
    expect(repeat.status).toBe(201);
    expect(repeat.body.rtrId).toBe(first.body.rtrId);
    expect((await api('PUT', `/pix/${e2eid}/devolucao/ref1`, { valor: '5.00' })).body).toMatchObject({ type: `${ERR}PixDevolucaoInvalida`, status: 400 });

    const done = await poll(async () => {
      const r = await api('GET', `/pix/${e2eid}/devolucao/ref1`);
      return r.body.status === 'DEVOLVIDO' && r.body;
    }, 'DEVOLVIDO');
    expect(done).toMatchObject({ rtrId: first.body.rtrId, horario: { solicitacao: first.body.horario.solicitacao, liquidacao: expect.any(String) } });
    await callbackFor(e2eid, (p) => p.devolucoes?.some((d: any) => d.id === 'ref1' && d.status === 'DEVOLVIDO'));

    const over = await api('PUT', `/pix/${e2eid}/devolucao/ref2`, { valor: '23.46' });
    expect(over.body).toMatchObject({ type: `${ERR}PixDevolucaoInvalida`, violacoes: [expect.objectContaining({ propriedade: 'devolucao.valor' })] });
    expect((await api('PUT', `/pix/${e2eid}/devolucao/ref2`, { valor: '23.45' })).status).toBe(201);
    expect((await api('PUT', `/pix/${e2eid}/devolucao/ref3`, { valor: '1,00' })).body.type).toBe(`${ERR}PixDevolucaoInvalida`);
    expect((await api('GET', `/pix/${e2eid}/devolucao/nope`)).body).toMatchObject({ type: `${ERR}PixDevolucaoNaoEncontrada`, status: 404 });
    expect((await api('PUT', '/pix/E00000000202001010000aaaaaaaaaaa/devolucao/x', { valor: '1.00' })).body.type).toBe(`${ERR}PixNaoEncontrado`);
    expect((await api('GET', `/pix/${e2eid}`)).body.devolucoes.map((d: any) => d.id)).toEqual(['ref1', 'ref2']);
  });

  it('devolução refused by the payer bank ends NAO_REALIZADO and frees the amount', async () => {
    const txid = newTxid();
    await api('PUT', `/cob/${txid}`, cobBody());
    const e2eid = (await api('POST', `/embedded/cob/${txid}/pay`, { callback: 'never', recusaDevolucao: 'Conta do pagador encerrada' })).body.endToEndId;
    await api('PUT', `/pix/${e2eid}/devolucao/x1`, { valor: '123.45' });
    const refused = await poll(async () => {
      const r = await api('GET', `/pix/${e2eid}/devolucao/x1`);
      return r.body.status === 'NAO_REALIZADO' && r.body;
    }, 'NAO_REALIZADO');
    expect(refused.motivo).toBe('Conta do pagador encerrada');
    expect(refused.horario.liquidacao).toBeUndefined();
    await callbackFor(e2eid, (p) => p.devolucoes?.[0]?.status === 'NAO_REALIZADO');
    expect((await api('PUT', `/pix/${e2eid}/devolucao/x2`, { valor: '123.45' })).status).toBe(201);
  });
});

describe('mutual TLS (--tls-dir)', () => {
  let tlsChild: ChildProcess;
  let tlsInfo: Info;
  let dir: string;
  let withCert: Agent;
  let withoutCert: Agent;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pix-mtls-'));
    const started = startPsp(['--port', '0', '--tls-dir', dir]);
    tlsChild = started.child;
    tlsInfo = JSON.parse(await started.firstLine);
    const ca = fs.readFileSync(path.join(dir, 'ca.pem'));
    withCert = new Agent({ connect: { ca, cert: fs.readFileSync(path.join(dir, 'client.pem')), key: fs.readFileSync(path.join(dir, 'client-key.pem')) } });
    withoutCert = new Agent({ connect: { ca } });
  });

  afterAll(async () => {
    tlsChild?.kill('SIGTERM');
    await new Promise((r) => tlsChild?.once('exit', r));
    await withCert?.close();
    await withoutCert?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const tokenVia = (dispatcher: Agent) =>
    undiciFetch(tlsInfo.tokenUrl, {
      method: 'POST',
      dispatcher,
      headers: { authorization: `Basic ${Buffer.from(`${tlsInfo.clientId}:${tlsInfo.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });

  it('serves HTTPS; the token endpoint and API routes require the client certificate; the location does not', async () => {
    expect(Object.keys(tlsInfo).sort()).toEqual(['baseUrl', 'clientId', 'clientSecret', 'tokenUrl']);
    expect(tlsInfo.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    const refused = await tokenVia(withoutCert);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as any).error).toBe('invalid_client');

    const ok = await tokenVia(withCert);
    expect(ok.status).toBe(200);
    const bearer = ((await ok.json()) as any).access_token as string;

    const put = (dispatcher: Agent) =>
      undiciFetch(`${tlsInfo.baseUrl}/cob/${newTxid()}`, { method: 'PUT', dispatcher, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(cobBody()) });
    const denied = await put(withoutCert);
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as any).type).toBe(`${ERR}AcessoNegado`);
    const created = await put(withCert);
    expect(created.status).toBe(201);
    const { location } = (await created.json()) as any;
    const payload = await undiciFetch(`https://${location}`, { dispatcher: withoutCert });
    expect(payload.status).toBe(200);
    expect(payload.headers.get('content-type')).toContain('application/jose');
  });
});

/**
 * Where the document contradicts itself, the PSP follows its prose and examples, not the slip:
 * - `DadosRecebedor` puts `required: [logradouro, cidade, uf, cep]` on the charge itself (its
 *   example cobResponse4 has them only inside `recebedor`, where this PSP answers them);
 * - `PixConsultados` requires `cobs` (its property, and the example getPix1, is `pix`);
 * - the error section names `CobConsultaInvalida`/`CobVConsultaInvalida` (400) for
 *   `GET /cob{,v}/{txid}?revisao` and `PixConsultaInvalida` (400) for `GET /pix`, which those
 *   operations do not list among their responses;
 * - Pix Automático's schemas require properties they do not define: `RecBase` requires
 *   `retentativa` (the policy is `politicaRetentativa`), `DadosPagadorRec` requires
 *   `ispbParticipante` beside `pagador` (it is inside it, and a recurrence not yet approved has no
 *   payer), `SolicRecBase` requires `pagador` (the payer it names is `destinatario`) and
 *   `SolicRecCompleta` requires `rec` (what it carries, as solicRecResponse1 shows, is
 *   `recPayload`, required here in its place). scripts/fuzz-psp-hooks.py corrects the same slips.
 */
const DOCUMENT_QUIRKS = [
  /^(PUT|GET) \/cobv\/\{txid\} → 20[01]: \$: missing (logradouro|cidade|uf|cep)$/,
  /^GET \/pix → 200: \$: missing cobs$/,
  /^GET \/(cob|cobv)\/\{txid\} → 400: status not in the document$/,
  /^GET \/pix → 400: status not in the document$/,
  /: \$(\.recs\[\d+\]|(\.recs\[\d+\])?(\.solicitacao\[\d+\])?\.recPayload)?: missing retentativa$/,
  /: \$(\.recs\[\d+\])?: missing ispbParticipante$/,
  /: \$(\.recs\[\d+\])?(\.solicitacao\[\d+\])?: missing (pagador|rec)$/,
];

describe('Pix Automático (rec, solicrec)', () => {
  it('a recurrence read alone and in the list names its solicitação with the recurrence it asks for (recPayload)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rec = await api('POST', '/rec', {
      vinculo: { objeto: 'Assinatura', contrato: `psp-${Date.now()}`, devedor: { cpf: '12345678909', nome: 'Francisco da Silva' } },
      calendario: { dataInicial: today, periodicidade: 'MENSAL' },
      valor: { valorRec: '39.90' },
      politicaRetentativa: 'PERMITE_3R_7D',
    });
    expect(rec.status).toBe(201);
    const idRec = rec.body.idRec as string;
    const asked = await api('POST', '/solicrec', {
      idRec,
      calendario: { dataExpiracaoSolicitacao: new Date(Date.now() + 2 * 86_400_000).toISOString() },
      destinatario: { conta: '12345678', ispbParticipante: '99999008', agencia: '0001', cpf: '12345678909' },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.recPayload).toMatchObject({ idRec, valor: { valorRec: '39.90' } });

    const one = await api('GET', `/rec/${idRec}`);
    const window = `inicio=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}&fim=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;
    const listed = await api('GET', `/rec?${window}`);
    const inList = (listed.body.recs as Array<Record<string, any>>).find((r) => r.idRec === idRec)!;
    for (const r of [one.body, inList]) {
      expect(r.solicitacao).toHaveLength(1);
      expect(r.solicitacao[0]).toMatchObject({ idSolicRec: asked.body.idSolicRec, status: 'RECEBIDA', recPayload: { idRec } });
    }
  });

  it('an approved recurrence takes a charge within the window; the charge and the locations read alone and listed', async () => {
    const brasiliaDay = (days: number) => new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
    const loc = await api('POST', '/locrec');
    expect(loc.status).toBe(201);
    const rec = await api('POST', '/rec', {
      vinculo: { contrato: `psp-cobr-${Date.now()}`, devedor: { cpf: '12345678909', nome: 'Francisco da Silva' } },
      calendario: { dataInicial: brasiliaDay(0), periodicidade: 'MENSAL' },
      politicaRetentativa: 'NAO_PERMITE',
      loc: loc.body.id,
    });
    expect(rec.status).toBe(201);
    expect((await api('POST', `/embedded/rec/${rec.body.idRec}/approve`, { jornada: 'JORNADA_2' })).status).toBe(200);
    const txid = newTxid();
    const cobr = await api('PUT', `/cobr/${txid}`, {
      idRec: rec.body.idRec,
      calendario: { dataDeVencimento: brasiliaDay(5) },
      valor: { original: '49.90' },
      ajusteDiaUtil: true,
      recebedor: { conta: '123456', tipoConta: 'CORRENTE', agencia: '0001' },
    });
    expect(cobr.status).toBe(201);
    expect(cobr.body).toMatchObject({ txid, idRec: rec.body.idRec, status: 'ATIVA' });
    const window = `inicio=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}&fim=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;
    expect((await api('GET', `/cobr/${txid}`)).body).toMatchObject({ txid, status: 'ATIVA' });
    expect((await api('GET', `/cobr?${window}`)).body.cobsr.map((c: { txid: string }) => c.txid)).toContain(txid);
    expect((await api('GET', `/locrec/${loc.body.id}`)).body).toMatchObject({ id: loc.body.id, idRec: rec.body.idRec });
    expect((await api('GET', `/locrec?${window}`)).body.loc.map((l: { id: number }) => l.id)).toContain(loc.body.id);
    expect((await api('GET', `/rec/${rec.body.idRec}`)).body).toMatchObject({ status: 'APROVADA', loc: { id: loc.body.id } });
  });
});

describe('conformance to the BCB document', () => {
  const doc = loadDocument();
  (doc ? it : it.skip)(`every answer above matches its operation in ${path.basename(SPEC_PATH)} (status, media type, schema)`, () => {
    expect(exchanges.length).toBeGreaterThan(50);
    const errors = exchanges.flatMap((x) => checkExchange(doc!, x)).filter((e) => !DOCUMENT_QUIRKS.some((q) => q.test(e)));
    expect([...new Set(errors)]).toEqual([]);
  });
  (doc ? it : it.skip)('every callback body matches the document WebhookPixBody', () => {
    expect(callbacks.length).toBeGreaterThan(3);
    const schema = doc!.components.requestBodies.WebhookPixBody.content['application/json'].schema;
    expect(callbacks.flatMap((c) => check(doc!, schema, c.body))).toEqual([]);
  });
});
