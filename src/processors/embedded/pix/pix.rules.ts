/**
 * Pure rules of the embedded Pix PSP, read from the Central Bank's API Pix (release 2.9.0,
 * `shared/spec/bcb-api-pix-2.9.0.yaml`): identifier formats, money strings, problem bodies and the
 * amount a charge with a due date (cobv) asks on a given day. No I/O, no clock: callers pass dates.
 */

/** `TxId`: 26 to 35 alphanumerics for a charge (the doc's pattern `[a-zA-Z0-9]{26,35}`). */
export const TXID_RE = /^[a-zA-Z0-9]{26,35}$/;
/** `EndToEndId` / `rtrId`: exactly 32 alphanumerics. */
export const E2EID_RE = /^[a-zA-Z0-9]{32}$/;
/** `DevolucaoId`: 1 to 35 alphanumerics, chosen by the client. */
export const DEVOLUCAO_ID_RE = /^[a-zA-Z0-9]{1,35}$/;
/** Money in the API Pix: `\d{1,10}\.\d{2}`, a decimal string with exactly two places. */
export const VALOR_RE = /^\d{1,10}\.\d{2}$/;
/** Date `YYYY-MM-DD` (ISO 8601 calendar date). */
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const isTxid = (s: string): boolean => TXID_RE.test(s);
export const isEndToEndId = (s: string): boolean => E2EID_RE.test(s);
export const isDevolucaoId = (s: string): boolean => DEVOLUCAO_ID_RE.test(s);
export const isValor = (s: string): boolean => VALOR_RE.test(s);

/** "37.00" → 3700. Throws on a string that is not a `valor`. */
export function valorToCents(valor: string): number {
  if (!isValor(valor)) throw new Error(`not a valor: ${valor}`);
  const [units, cents] = valor.split('.');
  return Number(units) * 100 + Number(cents);
}

/** 3700 → "37.00". */
export function centsToValor(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not a non-negative integer of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A real calendar date in `YYYY-MM-DD` (rejects 2024-02-30). */
export function isCalendarDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * DICT key formats as the BR Code manual writes them: CPF (11 digits), CNPJ (14 digits or the
 * alphanumeric CNPJ), phone `+<country><number>`, e-mail (lower case, up to 77), EVP (a random UUID).
 */
export type ChaveTipo = 'cpf' | 'cnpj' | 'telefone' | 'email' | 'evp';
export function chaveTipo(chave: string): ChaveTipo | null {
  if (chave.length === 0 || chave.length > 77) return null;
  if (/^\d{11}$/.test(chave)) return 'cpf';
  if (/^[0-9A-Z]{12}\d{2}$/.test(chave)) return 'cnpj';
  if (/^\+[1-9]\d{1,14}$/.test(chave)) return 'telefone';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(chave)) return 'evp';
  if (/^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(chave)) return 'email';
  return null;
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `yyyyMMddHHmm` of an instant, in UTC. */
export function stamp12(at: Date): string {
  return at.toISOString().replace(/[-:T]/g, '').slice(0, 12);
}

/**
 * An identifier of the SPI's shape: one letter (`E` end to end, `D` return), the 8-digit ISPB of
 * the participant that creates it, `yyyyMMddHHmm`, and 11 alphanumerics (`random` supplies them:
 * each value in [0, 1) picks one character). 32 characters in all.
 */
export function spiId(prefix: 'E' | 'D', ispb: string, at: Date, random: () => number): string {
  if (!/^\d{8}$/.test(ispb)) throw new Error(`ISPB must be 8 digits: ${ispb}`);
  let tail = '';
  for (let i = 0; i < 11; i++) tail += ALNUM[Math.floor(random() * ALNUM.length) % ALNUM.length];
  return `${prefix}${ispb}${stamp12(at)}${tail}`;
}

// ---------------------------------------------------------------------------------------------
// Problem details (RFC 7807) as the API Pix writes them: `type` is
// `https://pix.bcb.gov.br/api/v2/error/<TipoErro>`, with `title`, `status`, `detail`, `violacoes`.

export interface Violacao {
  razao: string;
  propriedade: string;
  valor?: string;
}
export interface Problema {
  type: string;
  title: string;
  status: number;
  detail: string;
  correlationId?: string;
  violacoes?: Violacao[];
}

export const ERROR_TYPE_BASE = 'https://pix.bcb.gov.br/api/v2/error/';

/** Error types of the document used here, with their status and the document's meaning. */
export const ERRORS = {
  RequisicaoInvalida: { status: 400, title: 'Requisição inválida', detail: 'Requisição inválida.' },
  AcessoNegado: { status: 403, title: 'Acesso Negado', detail: 'Requisição de participante autenticado que viola alguma regra de autorização.' },
  NaoEncontrado: { status: 404, title: 'Não Encontrado', detail: 'Entidade não encontrada.' },
  ErroInternoDoServidor: { status: 500, title: 'Erro Interno do Servidor', detail: 'Condição inesperada ao processar requisição.' },
  ServicoIndisponivel: { status: 503, title: 'Serviço Indisponível', detail: 'Serviço não está disponível no momento.' },
  CobNaoEncontrado: { status: 404, title: 'Cobrança não encontrada.', detail: 'Cobrança não encontrada para o txid informado.' },
  CobOperacaoInvalida: { status: 400, title: 'Cobrança inválida.', detail: 'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o schema ou está semanticamente errada.' },
  CobConsultaInvalida: { status: 400, title: 'Consulta inválida.', detail: 'Os parâmetros de consulta de cobranças imediatas não respeitam o schema ou não fazem sentido semanticamente.' },
  CobVNaoEncontrada: { status: 404, title: 'Cobrança não encontrada.', detail: 'Cobrança com vencimento não encontrada para o txid informado.' },
  CobVOperacaoInvalida: { status: 400, title: 'Cobrança inválida.', detail: 'A requisição que busca alterar ou criar uma cobrança com vencimento não respeita o schema ou está semanticamente errada.' },
  CobVConsultaInvalida: { status: 400, title: 'Consulta inválida.', detail: 'Os parâmetros de consulta de cobranças com vencimento não respeitam o schema ou não fazem sentido semanticamente.' },
  PixNaoEncontrado: { status: 404, title: 'Pix não encontrado.', detail: 'Pix não encontrado para o e2eid informado.' },
  PixDevolucaoNaoEncontrada: { status: 404, title: 'Devolução não encontrada.', detail: 'Devolução não encontrada para o e2eid e id informados.' },
  PixConsultaInvalida: { status: 400, title: 'Consulta inválida.', detail: 'Os parâmetros de consulta de Pix recebidos não respeitam o schema ou não fazem sentido semanticamente.' },
  PixDevolucaoInvalida: { status: 400, title: 'Devolução inválida.', detail: 'A requisição de devolução não respeita o schema ou está semanticamente errada.' },
  WebhookOperacaoInvalida: { status: 400, title: 'Webhook inválido.', detail: 'A requisição que busca configurar o webhook não respeita o schema ou está semanticamente errada.' },
  WebhookNaoEncontrado: { status: 404, title: 'Webhook não encontrado.', detail: 'Webhook não encontrado para a chave informada.' },
  RecNaoEncontrada: { status: 404, title: 'Recorrência não encontrada.', detail: 'Recorrência não encontrada para o idRec informado.' },
  RecOperacaoInvalida: { status: 400, title: 'Recorrência inválida.', detail: 'A requisição que busca alterar ou criar uma recorrência não respeita o schema ou está semanticamente errada.' },
  RecConsultaInvalida: { status: 400, title: 'Consulta inválida.', detail: 'Os parâmetros de consulta à lista de recorrências não respeitam o schema ou não fazem sentido semanticamente.' },
  SolicRecNaoEncontrada: { status: 404, title: 'Solicitação de recorrência não encontrada.', detail: 'Solicitação de recorrência não encontrada para o idSolicRec informado.' },
  SolicRecOperacaoInvalida: { status: 400, title: 'Solicitação de recorrência inválida.', detail: 'A requisição que busca criar ou alterar uma solicitação de confirmação de recorrência não respeita o schema ou está semanticamente errada.' },
  CobRNaoEncontrado: { status: 404, title: 'Cobrança não encontrada.', detail: 'Cobrança recorrente não encontrada para o txid informado.' },
  CobROperacaoInvalida: { status: 400, title: 'Cobrança inválida.', detail: 'A requisição que busca alterar ou criar uma cobrança recorrente não respeita o schema ou está semanticamente errada.' },
  CobRConsultaInvalida: { status: 400, title: 'Consulta inválida.', detail: 'Os parâmetros de consulta à lista de cobranças recorrentes não respeitam o schema ou não fazem sentido semanticamente.' },
  PayloadLocationRecConsultaInvalida: { status: 400, title: 'Consulta inválida.', detail: 'Os parâmetros de consulta à lista de locations não respeitam o schema ou não fazem sentido semanticamente.' },
  PayloadLocationRecNaoEncontrado: { status: 404, title: 'Location não encontrada.', detail: 'Location não encontrada para o id informado.' },
  WebhookRecOperacaoInvalida: { status: 400, title: 'Webhook inválido.', detail: 'A requisição que busca configurar o webhook de recorrências não respeita o schema.' },
  WebhookCobROperacaoInvalida: { status: 400, title: 'Webhook inválido.', detail: 'A requisição que busca configurar o webhook de cobranças recorrentes não respeita o schema.' },
} as const;
export type TipoErro = keyof typeof ERRORS;

export function problema(tipo: TipoErro, violacoes?: Violacao[], detail?: string): Problema {
  const e = ERRORS[tipo];
  const p: Problema = { type: `${ERROR_TYPE_BASE}${tipo}`, title: e.title, status: e.status, detail: detail ?? e.detail };
  if (violacoes && violacoes.length > 0) p.violacoes = violacoes;
  return p;
}

// ---------------------------------------------------------------------------------------------
// Charges with a due date (cobv): what the payer owes on a given day.

export interface Modalidade {
  modalidade: number;
  valorPerc: string;
}
export interface DescontoCobV {
  modalidade: number;
  valorPerc?: string;
  descontoDataFixa?: Array<{ data: string; valorPerc: string }>;
}
export interface CobVValorInput {
  original: string;
  multa?: Modalidade;
  juros?: Modalidade;
  abatimento?: Modalidade;
  desconto?: DescontoCobV;
}
export interface CobVCalendario {
  dataDeVencimento: string;
  validadeAposVencimento: number;
}
export interface ComponentesCobV {
  original: number;
  multa: number;
  juros: number;
  abatimento: number;
  desconto: number;
  /** original + multa + juros − abatimento − desconto, never below one cent. */
  total: number;
}

const DAY_MS = 86_400_000;
function dayNumber(date: string): number {
  return Math.round(new Date(`${date}T00:00:00Z`).getTime() / DAY_MS);
}
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}
/** Fixed national holidays (MM-DD). Moveable ones (Carnaval, Sexta-feira Santa, Corpus Christi) are not modelled. */
const FIXED_HOLIDAYS = new Set(['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25']);
const isNonBusiness = (day: number): boolean => {
  const d = new Date(day * DAY_MS);
  const dow = d.getUTCDay();
  return dow === 0 || dow === 6 || FIXED_HOLIDAYS.has(d.toISOString().slice(5, 10));
};
/** Business days strictly after `from` up to and including `to`. */
function businessDaysBetween(from: number, to: number): number {
  let n = 0;
  for (let d = from + 1; d <= to; d++) if (!isNonBusiness(d)) n++;
  return n;
}
function nextBusinessDay(day: number): number {
  let d = day;
  while (isNonBusiness(d)) d++;
  return d;
}
const fromDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The due date moved to the next business day when it falls on a weekend or fixed holiday. */
export function effectiveDueDate(dataDeVencimento: string): string {
  return fromDay(nextBusinessDay(dayNumber(dataDeVencimento)));
}

/**
 * The last day a cobv can be paid: the (business-day adjusted) due date plus
 * `validadeAposVencimento` calendar days, that day pushed to the next business day, as the
 * document's examples A–G count them (fixed national holidays only).
 */
export function lastPayableDate(cal: CobVCalendario): string {
  return fromDay(nextBusinessDay(dayNumber(effectiveDueDate(cal.dataDeVencimento)) + cal.validadeAposVencimento));
}

const pct = (base: number, valorPerc: string): number => Math.round((base * valorToCents(valorPerc)) / 10_000);

/**
 * The amount a cobv asks when paid on `payDate` (`YYYY-MM-DD`), in cents, or null when the day is
 * past `lastPayableDate`. Before or on the due date: discounts apply (fixed-date discounts: the
 * first date on or after the payment day; per-day discounts: per day of anticipation). After it:
 * the fine once and interest per day late. Abatement always. Percentages are of the original.
 * Monthly rates count 30 days a month, yearly rates 365 (dias corridos) or 252 (dias úteis).
 */
export function cobvAmountOn(valor: CobVValorInput, cal: CobVCalendario, payDate: string): ComponentesCobV | null {
  if (dayNumber(payDate) > dayNumber(lastPayableDate(cal))) return null;
  const original = valorToCents(valor.original);
  const due = dayNumber(effectiveDueDate(cal.dataDeVencimento));
  const pay = dayNumber(payDate);
  let multa = 0;
  let juros = 0;
  let desconto = 0;
  let abatimento = 0;
  if (valor.abatimento) abatimento = valor.abatimento.modalidade === 1 ? valorToCents(valor.abatimento.valorPerc) : pct(original, valor.abatimento.valorPerc);
  if (pay <= due && valor.desconto) {
    const d = valor.desconto;
    if ((d.modalidade === 1 || d.modalidade === 2) && d.descontoDataFixa) {
      const hit = [...d.descontoDataFixa].sort((a, b) => a.data.localeCompare(b.data)).find((x) => dayNumber(x.data) >= pay);
      if (hit) desconto = d.modalidade === 1 ? valorToCents(hit.valorPerc) : pct(original, hit.valorPerc);
    } else if (d.valorPerc) {
      const days = d.modalidade === 3 || d.modalidade === 5 ? due - pay : businessDaysBetween(pay, due);
      const perDay = d.modalidade === 3 || d.modalidade === 4 ? valorToCents(d.valorPerc) : pct(original, d.valorPerc);
      desconto = perDay * days;
    }
  }
  if (pay > due) {
    if (valor.multa) multa = valor.multa.modalidade === 1 ? valorToCents(valor.multa.valorPerc) : pct(original, valor.multa.valorPerc);
    if (valor.juros) {
      const m = valor.juros.modalidade;
      const corridos = pay - due;
      const uteis = businessDaysBetween(due, pay);
      // 1 valor/dia corrido, 2 %/dia corrido, 3 %/mês corrido, 4 %/ano corrido,
      // 5 valor/dia útil, 6 %/dia útil, 7 %/mês útil, 8 %/ano útil.
      const days = m <= 4 ? corridos : uteis;
      const rate = valorToCents(valor.juros.valorPerc);
      if (m === 1 || m === 5) juros = rate * days;
      else if (m === 2 || m === 6) juros = Math.round((original * rate * days) / 10_000);
      else if (m === 3 || m === 7) juros = Math.round((original * rate * days) / (10_000 * (m === 3 ? 30 : 21)));
      else juros = Math.round((original * rate * days) / (10_000 * (m === 4 ? 365 : 252)));
    }
  }
  const total = Math.max(1, original + multa + juros - abatimento - desconto);
  return { original, multa, juros, abatimento, desconto, total };
}

/**
 * Semantic violations of a cobv's `valor` and `calendario` the document lists for
 * `PUT|PATCH /cobv/{txid}` (the schema is checked before this). `today` is the creation date.
 */
export function cobvViolations(valor: CobVValorInput, cal: CobVCalendario, today: string): Violacao[] {
  const v: Violacao[] = [];
  const original = valorToCents(valor.original);
  if (original === 0) v.push({ razao: 'O campo cobv.valor.original apresenta o valor zero.', propriedade: 'cobv.valor.original', valor: valor.original });
  if (dayNumber(cal.dataDeVencimento) < dayNumber(today)) v.push({ razao: 'O campo cobv.calendario.dataDeVencimento é anterior à data de criação da cobrança.', propriedade: 'cobv.calendario.dataDeVencimento', valor: cal.dataDeVencimento });
  if (cal.validadeAposVencimento < 0) v.push({ razao: 'O campo cobv.calendario.validadeAposVencimento é menor do que zero.', propriedade: 'cobv.calendario.validadeAposVencimento' });
  const overOriginal = (m: number, valorPerc: string): boolean => (m === 1 ? valorToCents(valorPerc) >= original : valorToCents(valorPerc) >= 10_000);
  if (valor.abatimento && overOriginal(valor.abatimento.modalidade, valor.abatimento.valorPerc)) {
    v.push({ razao: 'O objeto cobv.valor.abatimento representa um valor maior ou igual ao valor da cobrança original ou maior ou igual a 100%.', propriedade: 'cobv.valor.abatimento' });
  }
  const d = valor.desconto;
  if (d) {
    if (d.modalidade === 1 || d.modalidade === 2) {
      if (d.valorPerc !== undefined) v.push({ razao: 'O objeto cobv.valor.desconto apresenta modalidade 1 ou 2, porém cobv.valor.desconto.valorPerc encontra-se preenchido.', propriedade: 'cobv.valor.desconto.valorPerc' });
      if (!d.descontoDataFixa || d.descontoDataFixa.length === 0) {
        v.push({ razao: 'O objeto cobv.valor.desconto apresenta modalidade 1 ou 2, porém o array cobv.valor.desconto.descontoDataFixa está vazio ou nulo.', propriedade: 'cobv.valor.desconto.descontoDataFixa' });
      } else {
        for (const item of d.descontoDataFixa) {
          if (overOriginal(d.modalidade, item.valorPerc)) v.push({ razao: 'O objeto cobv.valor.desconto apresenta algum elemento de desconto que representa um valor maior ou igual ao valor da cobrança original ou maior ou igual a 100%.', propriedade: 'cobv.valor.desconto.descontoDataFixa', valor: item.valorPerc });
          if (dayNumber(item.data) > dayNumber(cal.dataDeVencimento)) v.push({ razao: 'O objeto cobv.valor.desconto apresenta algum elemento cuja data seja posterior à data de vencimento.', propriedade: 'cobv.valor.desconto.descontoDataFixa', valor: item.data });
        }
      }
    } else {
      if (d.valorPerc === undefined) v.push({ razao: 'O objeto cobv.valor.desconto apresenta modalidade nos valores de 3 a 6, porém o elemento cobv.valor.desconto.valorPerc não está preenchido.', propriedade: 'cobv.valor.desconto.valorPerc' });
      if (d.descontoDataFixa !== undefined) v.push({ razao: 'O objeto cobv.valor.desconto apresenta modalidade nos valores de 3 a 6, porém o elemento cobv.valor.desconto.descontoDataFixa encontra-se preenchido.', propriedade: 'cobv.valor.desconto.descontoDataFixa' });
      if (d.valorPerc !== undefined && overOriginal(d.modalidade === 3 || d.modalidade === 4 ? 1 : 2, d.valorPerc)) v.push({ razao: 'O objeto cobv.valor.desconto apresenta algum elemento de desconto que representa um valor maior ou igual ao valor da cobrança original ou maior ou igual a 100%.', propriedade: 'cobv.valor.desconto.valorPerc', valor: d.valorPerc });
    }
  }
  return v;
}

/** `?paginacao.*` of a list: page `pagina` (from 0) of `itens` per page over `total` rows. */
export function paginacao(total: number, paginaAtual: number, itensPorPagina: number) {
  return { paginaAtual, itensPorPagina, quantidadeDePaginas: Math.max(1, Math.ceil(total / itensPorPagina)), quantidadeTotalDeItens: total };
}

/** Webhook callback retry delays: `base`, 2×, 4×… for `attempts` tries in all (first one immediate). */
export { retryDelays } from '../delivery';
