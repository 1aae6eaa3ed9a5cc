import { z } from 'zod';
import { VALOR_RE, isCalendarDate, type Violacao } from './pix.rules';

/**
 * Request bodies of the API Pix (release 2.9.0) as zod schemas: only the shapes this PSP accepts,
 * written from the document's `CobSolicitada`, `CobRevisada`, `CobVSolicitada`, `CobVRevisada`,
 * `DevolucaoSolicitada` and `WebhookSolicitado`. Unknown properties are ignored (OpenAPI's default).
 */

const valor = z.string().regex(VALOR_RE, 'esperado \\d{1,10}\\.\\d{2}');
const date = z.string().refine(isCalendarDate, 'não é uma data YYYY-MM-DD');
const chave = z.string().min(1).max(77);

const pessoa = z
  .object({ cpf: z.string().regex(/^\d{11}$/).optional(), cnpj: z.string().regex(/^[0-9A-Z]{14}$/).optional(), nome: z.string().min(1).max(200) })
  .refine((p) => (p.cpf === undefined) !== (p.cnpj === undefined), 'informe cpf ou cnpj, não ambos');
const devedorCobV = z
  .object({
    cpf: z.string().regex(/^\d{11}$/).optional(),
    cnpj: z.string().regex(/^[0-9A-Z]{14}$/).optional(),
    nome: z.string().min(1).max(200),
    email: z.string().optional(),
    logradouro: z.string().max(200).optional(),
    cidade: z.string().max(200).optional(),
    uf: z.string().max(2).optional(),
    cep: z.string().max(8).optional(),
  })
  .refine((p) => (p.cpf === undefined) !== (p.cnpj === undefined), 'informe cpf ou cnpj, não ambos');
const infoAdicionais = z.array(z.object({ nome: z.string().max(50), valor: z.string().max(200) })).max(50);
const loc = z.object({ id: z.number().int() });
const modalidade = (max: number) => z.object({ modalidade: z.number().int().min(1).max(max), valorPerc: valor });

const cobValor = z.object({ original: valor, modalidadeAlteracao: z.union([z.literal(0), z.literal(1)]).optional() });
const cobBase = { chave, solicitacaoPagador: z.string().max(140).optional(), infoAdicionais: infoAdicionais.optional(), loc: loc.optional() };

export const cobSolicitada = z.object({
  calendario: z.object({ expiracao: z.number().int().optional() }),
  devedor: pessoa.optional(),
  valor: cobValor,
  ...cobBase,
});
export type CobSolicitada = z.infer<typeof cobSolicitada>;

export const cobRevisada = z.object({
  calendario: z.object({ expiracao: z.number().int().optional() }).optional(),
  devedor: pessoa.optional(),
  valor: cobValor.partial().optional(),
  status: z.literal('REMOVIDA_PELO_USUARIO_RECEBEDOR').optional(),
  chave: chave.optional(),
  solicitacaoPagador: z.string().max(140).optional(),
  infoAdicionais: infoAdicionais.optional(),
  loc: loc.optional(),
});
export type CobRevisada = z.infer<typeof cobRevisada>;

const cobvValor = z.object({
  original: valor,
  multa: modalidade(2).optional(),
  juros: modalidade(8).optional(),
  abatimento: modalidade(2).optional(),
  desconto: z
    .object({
      modalidade: z.number().int().min(1).max(6),
      valorPerc: valor.optional(),
      descontoDataFixa: z.array(z.object({ data: date, valorPerc: valor })).min(1).max(3).optional(),
    })
    .optional(),
});
const cobvCalendario = z.object({ dataDeVencimento: date, validadeAposVencimento: z.number().int().optional() });

export const cobvSolicitada = z.object({ calendario: cobvCalendario, devedor: devedorCobV, valor: cobvValor, ...cobBase });
export type CobVSolicitada = z.infer<typeof cobvSolicitada>;

export const cobvRevisada = z.object({
  calendario: cobvCalendario.partial().optional(),
  devedor: devedorCobV.optional(),
  valor: cobvValor.partial().optional(),
  status: z.literal('REMOVIDA_PELO_USUARIO_RECEBEDOR').optional(),
  chave: chave.optional(),
  solicitacaoPagador: z.string().max(140).optional(),
  infoAdicionais: infoAdicionais.optional(),
  loc: loc.optional(),
});
export type CobVRevisada = z.infer<typeof cobvRevisada>;

export const devolucaoSolicitada = z.object({
  valor,
  natureza: z.enum(['ORIGINAL', 'RETIRADA']).optional(),
  descricao: z.string().max(140).optional(),
});
export type DevolucaoSolicitada = z.infer<typeof devolucaoSolicitada>;

export const webhookSolicitado = z.object({
  webhookUrl: z.string().refine((u) => {
    try {
      const url = new URL(u);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'não é uma URI'),
});

/** zod issues as the document's `violacoes`, the property named from `prefix` (`cob`, `cobv`…). */
export function violacoesOf(error: z.ZodError, prefix: string): Violacao[] {
  return error.issues.map((i) => ({
    razao: `O campo ${[prefix, ...i.path.map(String)].join('.')} não respeita o _schema_ (${i.message}).`,
    propriedade: [prefix, ...i.path.map(String)].join('.'),
  }));
}
