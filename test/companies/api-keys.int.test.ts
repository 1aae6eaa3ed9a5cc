import { Company } from '../../src/companies/company.entity';
import { createApiKey, findCompanyByApiKey, revokeApiKey, rotateApiKey, setAutoRefundApproval } from '../../src/companies/companies.service';
import { generateApiKey } from '../../src/companies/api-keys';
import { useTestStack, type SeededCompany } from '../helpers/stack';
import { eventually } from '../payments/fixtures';
import { lastro } from '../recipients/cli';

/**
 * API keys against the key cache (src/companies/api-key-cache.ts): a valid key's company is
 * kept API_KEY_CACHE_TTL_MS in the API process. The stack keeps it a minute, far longer than
 * any test here, so a refusal "at once" is the cache forgetting, never the entry expiring.
 * What another process changes (SQL straight to the database, the CLI) is seen after the TTL:
 * those tests lower it to 50 ms, and poll.
 */
const t = useTestStack({ env: { API_KEY_CACHE_TTL_MS: '60000' } });

const settings = (apiKey: string) => t.stack.http.get('/v1/settings/refunds').set('x-api-key', apiKey);

async function expectRefused(apiKey: string): Promise<void> {
  const res = await settings(apiKey);
  expect(res.status).toBe(401);
  expect(res.body.error).toMatchObject({ code: 'unauthenticated', message: 'Invalid or revoked API key' });
}

/** A company whose key has answered once, so this process holds it in the cache. */
async function cachedCompany(name: string): Promise<SeededCompany> {
  const company = await t.stack.seedCompany(name);
  expect((await settings(company.apiKey)).status).toBe(200);
  return company;
}

describe('in the process that makes the change', () => {
  it('refuses a revoked key on the very next request', async () => {
    const { apiKey, keyId } = await cachedCompany('Revoked');
    expect(await revokeApiKey(t.stack.em(), keyId)).toMatchObject({ id: keyId, revokedAt: expect.any(Date) });
    await expectRefused(apiKey);
  });

  it('keeps no answer read before a revocation committed: the first request after the commit is refused', async () => {
    const { apiKey, keyId } = await cachedCompany('Racing');
    await t.stack.em().transactional(async (em) => {
      await revokeApiKey(em, keyId);
      // Not committed yet: the key is still valid, and this answer is looked up again and cached.
      expect((await settings(apiKey)).status).toBe(200);
    });
    await expectRefused(apiKey);
  });

  it('keeps a key whose revocation rolled back', async () => {
    const { apiKey, keyId } = await cachedCompany('Rolled back');
    await expect(
      t.stack.em().transactional(async (em) => {
        await revokeApiKey(em, keyId);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await settings(apiKey)).status).toBe(200);
  });

  it("refuses a rotated key's old value at once and takes the new one", async () => {
    const { apiKey, keyId, company } = await cachedCompany('Rotated');
    const rotated = await rotateApiKey(t.stack.em(), keyId);
    expect(rotated).toMatchObject({ revoked: { id: keyId, companyId: company.id }, created: { keyId: expect.stringMatching(/^key_/), apiKey: expect.stringMatching(/^sk_sandbox_/) } });
    await expectRefused(apiKey);
    expect((await settings(rotated!.created.apiKey)).status).toBe(200);
    // An old key cannot be rotated twice.
    expect(await rotateApiKey(t.stack.em(), keyId)).toBeNull();
  });

  it("refuses a deleted company's keys at once", async () => {
    const { apiKey, company } = await cachedCompany('Deleted');
    const em = t.stack.em();
    const row = await em.findOneOrFail(Company, { id: company.id });
    row.deletedAt = new Date();
    await em.flush();
    await expectRefused(apiKey);
  });

  it("answers a company's changed settings on the next request, whichever way they were written", async () => {
    const { apiKey, company } = await cachedCompany('Settings');
    await setAutoRefundApproval(t.stack.em(), company.id, false);
    expect((await settings(apiKey)).body).toEqual({ autoApprove: false });

    const em = t.stack.em();
    const row = await em.findOneOrFail(Company, { id: company.id });
    row.settings = { ...row.settings, autoRefundApproval: true };
    await em.flush();
    expect((await settings(apiKey)).body).toEqual({ autoApprove: true });

    expect((await t.stack.http.put('/v1/settings/refunds').set('x-api-key', apiKey).send({ autoApprove: false })).status).toBe(200);
    expect((await settings(apiKey)).body).toEqual({ autoApprove: false });
  });

  it('remembers no unknown key: a key created after a refusal works on its first request', async () => {
    const company = await cachedCompany('Newcomer');
    const apiKey = generateApiKey('sandbox');
    await expectRefused(apiKey);
    const em = t.stack.em();
    await createApiKey(em, company.company, apiKey);
    await em.flush();
    expect((await settings(apiKey)).status).toBe(200);
  });

  it('answers routes a plain frozen company, the same object until it is forgotten', async () => {
    const { apiKey, company } = await cachedCompany('Frozen');
    const first = await findCompanyByApiKey(t.stack.orm.em, apiKey, 'sandbox', 60_000);
    expect(first?.company).toMatchObject({ id: company.id, tenantId: company.tenantId, name: 'Frozen', mode: 'sandbox', createdAt: company.createdAt, deletedAt: null });
    expect(first?.company).not.toBeInstanceOf(Company);
    expect(Object.isFrozen(first?.company) && Object.isFrozen(first?.company.settings) && Object.isFrozen(first?.company.settings.allowedOrigins)).toBe(true);
    expect((await findCompanyByApiKey(t.stack.orm.em, apiKey, 'sandbox', 60_000))?.company).toBe(first?.company);
    await setAutoRefundApproval(t.stack.em(), company.id, false);
    expect((await findCompanyByApiKey(t.stack.orm.em, apiKey, 'sandbox', 60_000))?.company).not.toBe(first?.company);
  });
});

describe('made by another process: seen once the cached answer is API_KEY_CACHE_TTL_MS old', () => {
  // The API reads the TTL from its configuration on every request.
  let kept: number;
  beforeAll(() => {
    kept = t.stack.config.apiKeyCacheTtlMs;
    t.stack.config.apiKeyCacheTtlMs = 50;
  });
  afterAll(() => {
    t.stack.config.apiKeyCacheTtlMs = kept;
  });

  it('refuses a key revoked straight in the database', async () => {
    const { apiKey, keyId } = await cachedCompany('Elsewhere');
    await t.stack.em().getConnection().execute(`update api_keys set revoked_at = now() where id = ?`, [keyId]);
    await eventually(async () => (await settings(apiKey)).status === 401);
    await expectRefused(apiKey);
  });

  it('`lastro keys rotate`: the new key works at once, the old one is refused', async () => {
    const { apiKey, keyId, company } = await cachedCompany('Cli');
    const out = await lastro(t.stack, 'keys', 'rotate', keyId);
    expect([out.code, out.code === 0 ? '' : out.stderr]).toEqual([0, '']);
    const printed = JSON.parse(out.stdout);
    expect(printed).toMatchObject({ companyId: company.id, revokedKeyId: keyId, revokedAt: expect.any(String), keyId: expect.stringMatching(/^key_/), apiKey: expect.stringMatching(/^sk_sandbox_/) });
    expect((await settings(printed.apiKey)).status).toBe(200);
    await eventually(async () => (await settings(apiKey)).status === 401);
    expect((await lastro(t.stack, 'keys', 'rotate', keyId)).stderr).toContain(`No active API key ${keyId}`);
  });
});
