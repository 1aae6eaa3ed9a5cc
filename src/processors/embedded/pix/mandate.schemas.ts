import { z } from 'zod';
import { VALOR_RE, isCalendarDate } from './pix.rules';
import { REC_ID_RE } from './mandate.rules';
import { TXID_RE } from './pix.rules';

/**
 * Request bodies of Pix Automático in the API Pix (release 2.9.0): `RecSolicitada`,
 * `RecRevisada`, `SolicRecSolicitada`, `SolicRecRevisada`, `CobRSolicitada`, `CobRRevisada`, and
 * the recurrence webhooks' `webhookUrl`. Only the shapes this PSP accepts; unknown properties are
 * ignored (OpenAPI's default).
 */

const valor = z.string().regex(VALOR_RE, 'esperado \\d{1,10}\\.\\d{2}');
const date = z.string().refine(isCalendarDate, 'não é uma data YYYY-MM-DD');
const nome = z.string().min(1).max(140);
const cpf = z.string().regex(/^\d{11}$/);
const cnpj = z.string().regex(/^[0-9A-Z]{14}$/);

const devedor = z
  .object({ cpf: cpf.optional(), cnpj: cnpj.optional(), nome })
  .refine((p) => (p.cpf === undefined) !== (p.cnpj === undefined), 'informe cpf ou cnpj, não ambos');

const ativacao = z.object({ dadosJornada: z.object({ txid: z.string().regex(TXID_RE) }).optional() });

export const recSolicitada = z
  .object({
    vinculo: z.object({ objeto: z.string().max(35).optional(), contrato: z.string().min(1).max(35), devedor }),
    calendario: z.object({ dataInicial: date, dataFinal: date.optional(), periodicidade: z.enum(['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']) }),
    valor: z.object({ valorRec: valor.optional(), valorMinimoRecebedor: valor.optional() }).optional(),
    recebedor: z.object({ convenio: z.string().max(60).optional() }).optional(),
    politicaRetentativa: z.enum(['NAO_PERMITE', 'PERMITE_3R_7D']),
    loc: z.number().int().optional(),
    ativacao: ativacao.optional(),
  })
  .refine((r) => !(r.valor?.valorRec !== undefined && r.valor?.valorMinimoRecebedor !== undefined), {
    message: 'Ambos os campos rec.valor.valorRec e rec.valor.valorMinimoRecebedor estão preenchidos.',
    path: ['valor'],
  });
export type RecSolicitada = z.infer<typeof recSolicitada>;

export const recRevisada = z.object({
  status: z.literal('CANCELADA').optional(),
  vinculo: z.object({ devedor: z.object({ nome }).optional() }).optional(),
  loc: z.number().int().optional(),
  calendario: z.object({ dataInicial: date.optional() }).optional(),
  ativacao: ativacao.optional(),
});
export type RecRevisada = z.infer<typeof recRevisada>;

export const solicRecSolicitada = z.object({
  idRec: z.string().regex(REC_ID_RE),
  calendario: z.object({ dataExpiracaoSolicitacao: z.iso.datetime({ offset: true }) }),
  destinatario: z
    .object({ conta: z.string().min(1).max(20), ispbParticipante: z.string().regex(/^[0-9A-Z]{8}$/), agencia: z.string().max(4).optional(), cpf: cpf.optional(), cnpj: cnpj.optional() })
    .refine((d) => (d.cpf === undefined) !== (d.cnpj === undefined), 'informe cpf ou cnpj, não ambos'),
});
export type SolicRecSolicitada = z.infer<typeof solicRecSolicitada>;

export const solicRecRevisada = z.object({ status: z.literal('CANCELADA') });

export const cobRSolicitada = z.object({
  idRec: z.string().regex(REC_ID_RE),
  infoAdicional: z.string().max(140).optional(),
  calendario: z.object({ dataDeVencimento: date }),
  valor: z.object({ original: valor }),
  ajusteDiaUtil: z.boolean().default(true),
  recebedor: z.object({ conta: z.string().min(1).max(20), tipoConta: z.enum(['CORRENTE', 'POUPANCA', 'PAGAMENTO']), agencia: z.string().max(4).optional() }),
  devedor: z
    .object({ email: z.string().max(140).optional(), logradouro: z.string().max(200).optional(), cidade: z.string().max(200).optional(), uf: z.string().max(2).optional(), cep: z.string().max(8).optional() })
    .optional(),
});
export type CobRSolicitada = z.infer<typeof cobRSolicitada>;

export const cobRRevisada = z.object({ status: z.literal('CANCELADA') });
