import { z } from 'zod';
import { BOLETO_ADAPTERS, CARD_ADAPTERS, callbackIdentityProblem, convenioProblem, dictKeyProblem, merchantIdProblem, normalizePspUrl, normalizeScopes, pspUrlProblem } from './processor-connections.rules';
import { tlsMaterialProblems } from './tls-material';

const PEM_MAX = 64 * 1024;

const checked = (problem: (value: string) => string | null) =>
  (value: string, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

const pspUrl = z.string().superRefine(checked(pspUrlProblem));
const pem = z.string().min(1).max(PEM_MAX);

/**
 * The receiving account of a Pix connection (the API Pix's `recebedor` of a `cobr`): agência
 * (up to 4 digits, none for a payment account), conta (up to 20 digits) and tipoConta.
 */
export const pixReceiverAccountInput = z.strictObject({
  branch: z.string().regex(/^\d{1,4}$/, 'The agência: up to 4 digits, without its check digit').nullish().transform((b) => b ?? null),
  number: z.string().regex(/^\d{1,20}$/, 'The conta: up to 20 digits, its check digit included'),
  type: z.enum(['CORRENTE', 'POUPANCA', 'PAGAMENTO']),
});

/**
 * What `connectPix` takes: an API Pix PSP account. URLs are https (plain http only on a loopback
 * host), the chave a DICT key, the client certificate and key both or neither, readable and
 * matching, not expired. Issue messages never repeat a value: some are secrets.
 */
export const connectPixInput = z
  .strictObject({
    baseUrl: pspUrl.transform(normalizePspUrl),
    tokenUrl: pspUrl,
    clientId: z.string().min(1).max(255),
    clientSecret: z.string().min(1).max(4096),
    chave: z.string().superRefine(checked(dictKeyProblem)),
    scopes: z
      .string()
      .transform((s, ctx) => normalizeScopes(s) ?? (ctx.addIssue({ code: 'custom', message: 'OAuth2 scopes separated by spaces' }), z.NEVER))
      .optional(),
    cert: pem.optional(),
    key: pem.optional(),
    ca: pem.optional(),
    callbackIdentity: z.string().superRefine(checked(callbackIdentityProblem)).nullish(),
    rotateCallbackSecret: z.boolean().optional(),
    receiverAccount: pixReceiverAccountInput.optional(),
  })
  .superRefine((input, ctx) => {
    for (const p of tlsMaterialProblems(input, new Date())) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });

export type ConnectPixInput = z.input<typeof connectPixInput>;
export type ConnectPixParsed = z.output<typeof connectPixInput>;

/**
 * What `connectCard` takes: a Cielo E-commerce 3.0 store. Both hosts https (plain http only on a
 * loopback host), the MerchantId a GUID, the MerchantKey given. Issue messages never repeat a value.
 */
export const connectCardInput = z.strictObject({
  adapter: z.enum(CARD_ADAPTERS),
  baseUrl: pspUrl.transform(normalizePspUrl),
  queryUrl: pspUrl.transform(normalizePspUrl),
  merchantId: z.string().superRefine(checked(merchantIdProblem)),
  merchantKey: z.string().min(1).max(255),
});

export type ConnectCardInput = z.input<typeof connectCardInput>;

/**
 * What `connectBoleto` takes: a BB API Cobranças v2 beneficiary. URLs https (plain http only on
 * a loopback host), the convênio 7 digits, agência and conta digits. Issue messages never repeat a value.
 */
export const connectBoletoInput = z.strictObject({
  adapter: z.enum(BOLETO_ADAPTERS),
  baseUrl: pspUrl.transform(normalizePspUrl),
  tokenUrl: pspUrl,
  clientId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(4096),
  appKey: z.string().min(1).max(255),
  convenio: z.string().superRefine(checked(convenioProblem)),
  carteira: z.number().int().min(1).max(99).default(17),
  variacaoCarteira: z.number().int().min(1).max(999).default(35),
  agencia: z.string().regex(/^\d{1,5}$/, 'The agência: up to 5 digits, without its check digit'),
  conta: z.string().regex(/^\d{1,12}$/, 'The conta: up to 12 digits, without its check digit'),
  scopes: z
    .string()
    .transform((s, ctx) => normalizeScopes(s) ?? (ctx.addIssue({ code: 'custom', message: 'OAuth2 scopes separated by spaces' }), z.NEVER))
    .optional(),
  rotateCallbackSecret: z.boolean().optional(),
});

export type ConnectBoletoInput = z.input<typeof connectBoletoInput>;
