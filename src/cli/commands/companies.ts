import type { Command } from 'commander';
import { iso } from '../../db/base.entity';
import { Company } from '../../companies/company.entity';
import { createApiKey, createCompany, revokeApiKey, rotateApiKey } from '../../companies/companies.service';
import { getOwnerRecipient } from '../../recipients/recipients.service';
import { printJson, type CliContext } from '../context';

export function registerCompanyCommands(program: Command, ctx: CliContext): void {
  const companies = program.command('companies').description('Companies (merchant accounts)');
  companies
    .command('create')
    .description("Create a company, its owner recipient (its account to receive payments) and its first API key in this deployment's mode")
    .requiredOption('--name <name>', 'company name')
    .option('--document <cnpj-or-cpf>', "the company's CNPJ (or CPF): its owner recipient's document (sandbox: a generated CNPJ when left out)")
    .option('--email <email>', "the owner recipient's e-mail (sandbox: a placeholder when left out)")
    .action(async ({ name, document, email }: { name: string; document?: string; email?: string }) => {
      const result = await ctx.transaction(async (em) => {
        const company = await createCompany(em, { name, mode: ctx.config.mode, owner: { document, email } });
        const { apiKey } = await createApiKey(em, company);
        const owner = await getOwnerRecipient(em as never, company.id);
        return { companyId: company.id, tenantId: company.tenantId, apiKey, ownerRecipientId: owner?.recipient.id ?? null };
      });
      printJson(result);
    });

  const keys = program.command('keys').description('API keys');
  keys
    .command('create')
    .description('Issue another API key for a company (shown once)')
    .requiredOption('--company <companyId>', 'comp_… id')
    .action(async ({ company: companyId }: { company: string }) => {
      const result = await ctx.transaction(async (em) => {
        const company = await em.findOne(Company, { id: companyId, deletedAt: null });
        if (!company) throw new Error(`No company ${companyId}`);
        return createApiKey(em, company);
      });
      printJson({ companyId, ...result });
    });
  keys
    .command('revoke')
    .description('Revoke an API key: it answers 401 from now on (running API processes refuse it within API_KEY_CACHE_TTL_MS; its open event streams end within a second)')
    .argument('<keyId>', 'key_… id')
    .action(async (keyId: string) => {
      const key = await ctx.transaction((em) => revokeApiKey(em, keyId));
      if (!key) throw new Error(`No API key ${keyId}`);
      printJson({ keyId: key.id, companyId: key.companyId, revokedAt: iso(key.revokedAt) });
    });
  keys
    .command('rotate')
    .description("Replace an active API key with a new one (shown once): the old value answers 401 like a revoked key's")
    .argument('<keyId>', 'key_… id of the key to replace')
    .action(async (keyId: string) => {
      const rotated = await ctx.transaction((em) => rotateApiKey(em, keyId));
      if (!rotated) throw new Error(`No active API key ${keyId}`);
      const { revoked, created } = rotated;
      printJson({ companyId: revoked.companyId, revokedKeyId: revoked.id, revokedAt: iso(revoked.revokedAt), ...created });
    });
}
