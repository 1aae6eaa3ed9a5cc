import { z } from 'zod';
import { faultPath } from '../fault-queue';

/** The request bodies the embedded Efí account takes, as Efí's Pix Envio documents them. */

const valor = z.string().regex(/^\d{1,10}\.\d{2}$/, 'valor: decimal com duas casas (ex.: 12.34)').refine((v) => v !== '0.00', 'valor deve ser maior que zero');

export const contaBanco = z
  .strictObject({
    nome: z.string().min(1).max(200),
    cpf: z.string().regex(/^\d{11}$/).optional(),
    cnpj: z.string().regex(/^\d{14}$/).optional(),
    codigoBanco: z.string().regex(/^\d{8}$/, 'codigoBanco: o ISPB do banco, 8 dígitos'),
    agencia: z.string().regex(/^\d{1,4}$/),
    conta: z.string().regex(/^\d{1,19}[0-9X]$/),
    tipoConta: z.enum(['cacc', 'svgs', 'slrc', 'tran']),
  })
  .refine((c) => (c.cpf === undefined) !== (c.cnpj === undefined), 'informe cpf ou cnpj do favorecido');

export const envioSolicitado = z.strictObject({
  valor,
  pagador: z.strictObject({ chave: z.string().min(1).max(77), infoPagador: z.string().max(140).optional() }),
  favorecido: z.union([z.strictObject({ contaBanco }), z.strictObject({ chave: z.string().min(1).max(77), cpf: z.string().regex(/^\d{11}$/).optional(), cnpj: z.string().regex(/^\d{14}$/).optional() })]),
});
export type EnvioSolicitado = z.infer<typeof envioSolicitado>;

export const webhookSolicitado = z.object({ webhookUrl: z.string().url() });

/** `POST /embedded/pix/:idEnvio/outcome`: the simulator decides a held send, or returns a paid one. */
export const outcomeBody = z.strictObject({
  outcome: z.enum(['paid', 'failed', 'returned']),
  codigo: z.string().regex(/^[A-Z]{2}\d{2}$/).optional(),
  motivo: z.string().max(140).optional(),
});

/** `POST /embedded/faults`: an error status, a late answer, or an answer dropped after the request was served. */
export const faultBody = z
  .object({
    path: faultPath.optional(),
    status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(429), z.literal(401)]).optional(),
    retryAfter: z.number().int().min(0).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    /** Serve the request, then close the connection without an answer (the answer lost on the way back). */
    drop: z.boolean().optional(),
    times: z.number().int().min(1),
  })
  .refine((f) => f.status !== undefined || f.delayMs !== undefined || f.drop, 'a fault needs a status, a delayMs or drop');
export type EfiFault = z.infer<typeof faultBody>;
