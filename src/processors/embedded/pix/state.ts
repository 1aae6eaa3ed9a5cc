import { randomBytes, randomInt } from 'node:crypto';
import { buildPixPayload } from '../../../payments/pix.rules';
import {
  centsToValor,
  cobvAmountOn,
  cobvViolations,
  chaveTipo,
  problema,
  spiId,
  valorToCents,
  type Problema,
  type Violacao,
} from './pix.rules';
import type { CobRevisada, CobSolicitada, CobVRevisada, CobVSolicitada, DevolucaoSolicitada } from './schemas';

/**
 * The embedded PSP's books: charges (cob, cobv), received Pix, their refunds (devoluções) and
 * webhooks per chave. In memory on purpose: the PSP is a process of its own and a restart opens
 * fresh books, as a sandbox PSP's reset would. Everything here is synchronous; `server.ts` turns
 * outcomes into HTTP answers and `webhook.ts` delivers callbacks.
 */

export type Kind = 'cob' | 'cobv';
export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
export type DevolucaoStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/** What the client asked for, as stored (one per revision). */
interface CobContent {
  calendario: Record<string, unknown>;
  devedor?: Record<string, unknown>;
  valor: Record<string, unknown>;
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: Array<{ nome: string; valor: string }>;
}

interface Revision {
  revisao: number;
  status: CobStatus;
  content: CobContent;
}

export interface CobRecord {
  kind: Kind;
  txid: string;
  criacao: Date;
  revisions: Revision[];
  loc: { id: number; location: string; tipoCob: Kind; criacao: Date; token: string };
  pix: string[];
}

/** A devolução whose `descricao` contains it is refused (docs/refunds.md "Sandbox"). */
const SANDBOX_REFUSAL_MARKER = '[sandbox:fail]';

export interface DevolucaoRecord {
  id: string;
  rtrId: string;
  valor: number;
  natureza: 'ORIGINAL' | 'RETIRADA';
  descricao?: string;
  solicitacao: Date;
  liquidacao?: Date;
  status: DevolucaoStatus;
  motivo?: string;
}

export interface PixRecord {
  endToEndId: string;
  txid?: string;
  valor: number;
  componentesValor: Record<string, { valor: string }>;
  chave: string;
  horario: Date;
  infoPagador?: string;
  pagador?: { cpf?: string; cnpj?: string; nome: string };
  /** Simulator only: the payer's bank refuses returns (its account closed), so refunds end NAO_REALIZADO. */
  recusaDevolucao?: string;
  devolucoes: DevolucaoRecord[];
}

export interface WebhookRecord {
  chave: string;
  webhookUrl: string;
  criacao: Date;
}

export interface BooksOptions {
  /** `host:port` of this PSP, without scheme: the `location` prefix (the BR Code's field 26.25). */
  locationHost: string;
  /** ISPB of this PSP (8 digits): it signs returns (rtrId). The payer's PSP signs end-to-end ids. */
  ispb: string;
  /** ISPB used as the (simulated) payer's PSP in end-to-end ids. */
  payerIspb: string;
  /** DICT keys owned by the receiving user; empty: any well-formed key is accepted as theirs. */
  chaves: string[];
  recebedor: { cnpj: string; nome: string; logradouro: string; cidade: string; uf: string; cep: string };
  now: () => Date;
}

export type Outcome<T> = { ok: true; value: T; created?: boolean } | { ok: false; problem: Problema };
const fail = (problem: Problema): { ok: false; problem: Problema } => ({ ok: false, problem });

const iso = (d: Date): string => d.toISOString();
/** The calendar day in Brasília (UTC−3, no daylight saving since 2019): a cobv's due date and payment day are Brasília's, not UTC's. */
const today = (d: Date): string => new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
const stable = (v: unknown): string => JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x));

export class Books {
  readonly cobs = new Map<string, CobRecord>();
  readonly pix = new Map<string, PixRecord>();
  readonly webhooks = new Map<string, WebhookRecord>();
  private readonly byLocation = new Map<string, string>();
  private nextLocId = 1;

  constructor(readonly opts: BooksOptions) {}

  private chaveViolation(prefix: string, chave: string): Violacao | null {
    if (chaveTipo(chave) === null) return { razao: `O campo ${prefix}.chave não respeita o schema.`, propriedade: `${prefix}.chave`, valor: chave };
    if (this.opts.chaves.length > 0 && !this.opts.chaves.includes(chave)) {
      return { razao: `O campo ${prefix}.chave corresponde a uma conta que não pertence a este usuário recebedor.`, propriedade: `${prefix}.chave`, valor: chave };
    }
    return null;
  }

  private contentViolations(kind: Kind, c: CobContent, creation: Date): Violacao[] {
    const v: Violacao[] = [];
    const chave = this.chaveViolation(kind, c.chave);
    if (chave) v.push(chave);
    if (kind === 'cob') {
      const exp = c.calendario.expiracao as number;
      if (exp <= 0) v.push({ razao: 'O campo cob.calendario.expiracao é igual ou menor que zero.', propriedade: 'cob.calendario.expiracao', valor: String(exp) });
      if (valorToCents(c.valor.original as string) === 0) v.push({ razao: 'O campo cob.valor.original é zero.', propriedade: 'cob.valor.original', valor: c.valor.original as string });
    } else {
      v.push(...cobvViolations(c.valor as never, c.calendario as never, today(creation)));
    }
    return v;
  }

  current(rec: CobRecord): Revision {
    return rec.revisions[rec.revisions.length - 1];
  }

  /** `PUT /cob/{txid}` and `PUT /cobv/{txid}`: create, or revise an ATIVA charge. Same content: unchanged. */
  put(kind: Kind, txid: string, body: CobSolicitada | CobVSolicitada): Outcome<CobRecord> {
    const tipo = kind === 'cob' ? 'CobOperacaoInvalida' : 'CobVOperacaoInvalida';
    if (body.loc) return fail(problema(tipo, [{ razao: `O location referenciado por ${kind}.loc.id inexiste.`, propriedade: `${kind}.loc.id`, valor: String(body.loc.id) }]));
    const content = this.normalize(kind, body);
    const existing = this.cobs.get(txid);
    if (existing && existing.kind !== kind) {
      return fail(problema(tipo, [{ razao: `O txid já está em uso por uma cobrança do tipo ${existing.kind}.`, propriedade: 'txid', valor: txid }]));
    }
    const v = this.contentViolations(kind, content, existing?.criacao ?? this.opts.now());
    if (v.length > 0) return fail(problema(tipo, v));
    if (existing) {
      const cur = this.current(existing);
      if (cur.status !== 'ATIVA') return fail(problema(tipo, [{ razao: 'A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.', propriedade: `${kind}.status`, valor: cur.status }]));
      if (stable(cur.content) === stable(content)) return { ok: true, value: existing, created: false };
      existing.revisions.push({ revisao: cur.revisao + 1, status: 'ATIVA', content });
      return { ok: true, value: existing, created: false };
    }
    const now = this.opts.now();
    const token = randomBytes(16).toString('hex');
    const rec: CobRecord = {
      kind,
      txid,
      criacao: now,
      revisions: [{ revisao: 0, status: 'ATIVA', content }],
      loc: { id: this.nextLocId++, location: `${this.opts.locationHost}/qr/v2/${kind === 'cobv' ? 'cobv/' : ''}${token}`, tipoCob: kind, criacao: now, token },
      pix: [],
    };
    this.cobs.set(txid, rec);
    this.byLocation.set(token, txid);
    return { ok: true, value: rec, created: true };
  }

  private normalize(kind: Kind, body: CobSolicitada | CobVSolicitada): CobContent {
    const c: CobContent = { calendario: {}, valor: { ...body.valor }, chave: body.chave };
    if (kind === 'cob') {
      c.calendario = { expiracao: (body as CobSolicitada).calendario.expiracao ?? 86_400 };
    } else {
      const cal = (body as CobVSolicitada).calendario;
      c.calendario = { dataDeVencimento: cal.dataDeVencimento, validadeAposVencimento: cal.validadeAposVencimento ?? 30 };
    }
    if (body.devedor) c.devedor = { ...body.devedor };
    if (body.solicitacaoPagador !== undefined) c.solicitacaoPagador = body.solicitacaoPagador;
    if (body.infoAdicionais !== undefined) c.infoAdicionais = body.infoAdicionais;
    return c;
  }

  /** `PATCH /cob/{txid}` and `PATCH /cobv/{txid}`: revise or remove an ATIVA charge. */
  patch(kind: Kind, txid: string, body: CobRevisada | CobVRevisada): Outcome<CobRecord> {
    const tipo = kind === 'cob' ? 'CobOperacaoInvalida' : 'CobVOperacaoInvalida';
    const rec = this.cobs.get(txid);
    if (!rec || rec.kind !== kind) return fail(problema(kind === 'cob' ? 'CobNaoEncontrado' : 'CobVNaoEncontrada'));
    const cur = this.current(rec);
    if (cur.status !== 'ATIVA') return fail(problema(tipo, [{ razao: 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.', propriedade: `${kind}.status`, valor: cur.status }]));
    const { status, loc, ...changes } = body;
    if (loc) return fail(problema(tipo, [{ razao: `O location referenciado por ${kind}.loc.id inexiste.`, propriedade: `${kind}.loc.id`, valor: String(loc.id) }]));
    const changed = Object.values(changes).some((x) => x !== undefined);
    if (status) {
      if (changed) return fail(problema(tipo, [{ razao: 'A cobrança está ATIVA, e a presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.', propriedade: `${kind}.status`, valor: status }]));
      rec.revisions.push({ revisao: cur.revisao + 1, status, content: cur.content });
      return { ok: true, value: rec };
    }
    if (!changed) return { ok: true, value: rec };
    const content: CobContent = structuredClone(cur.content);
    if (changes.calendario) Object.assign(content.calendario, Object.fromEntries(Object.entries(changes.calendario).filter(([, x]) => x !== undefined)));
    if (changes.valor) Object.assign(content.valor, Object.fromEntries(Object.entries(changes.valor).filter(([, x]) => x !== undefined)));
    if (changes.devedor) content.devedor = { ...changes.devedor };
    if (changes.chave !== undefined) content.chave = changes.chave;
    if (changes.solicitacaoPagador !== undefined) content.solicitacaoPagador = changes.solicitacaoPagador;
    if (changes.infoAdicionais !== undefined) content.infoAdicionais = changes.infoAdicionais;
    const v = this.contentViolations(kind, content, rec.criacao);
    if (v.length > 0) return fail(problema(tipo, v));
    if (stable(content) !== stable(cur.content)) rec.revisions.push({ revisao: cur.revisao + 1, status: 'ATIVA', content });
    return { ok: true, value: rec };
  }

  /** The charge as the API answers it (`CobGerada`/`CobCompleta`, `CobVGerada`/`CobVCompleta`). */
  render(rec: CobRecord, opts: { revisao?: number; withPix?: boolean } = {}): Record<string, unknown> {
    const rev = opts.revisao === undefined ? this.current(rec) : rec.revisions[opts.revisao];
    const c = rev.content;
    const out: Record<string, unknown> = {
      calendario: { criacao: iso(rec.criacao), ...c.calendario },
      txid: rec.txid,
      revisao: rev.revisao,
      loc: { id: rec.loc.id, txid: rec.txid, location: rec.loc.location, tipoCob: rec.loc.tipoCob, criacao: iso(rec.loc.criacao) },
      location: rec.loc.location,
      status: rev.status,
    };
    if (c.devedor) out.devedor = c.devedor;
    if (rec.kind === 'cobv') out.recebedor = { ...this.opts.recebedor };
    out.valor = c.valor;
    out.chave = c.chave;
    if (c.solicitacaoPagador !== undefined) out.solicitacaoPagador = c.solicitacaoPagador;
    if (c.infoAdicionais !== undefined) out.infoAdicionais = c.infoAdicionais;
    out.pixCopiaECola = buildPixPayload({
      kind: 'dynamic',
      locationUrl: rec.loc.location,
      merchantName: this.opts.recebedor.nome,
      merchantCity: this.opts.recebedor.cidade,
    });
    if (opts.withPix && rec.pix.length > 0) out.pix = rec.pix.map((e) => this.renderPix(this.pix.get(e)!));
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Received Pix (the simulator's own control: a payer's bank paying a charge).

  /**
   * A Pix received for charge `txid`: records it with a fresh end-to-end id and concludes the
   * charge. `valor` defaults to what the charge asks (cobv: on `payDate`, default today).
   */
  receive(
    txid: string,
    opts: { valor?: string; payDate?: string; infoPagador?: string; pagador?: PixRecord['pagador']; recusaDevolucao?: string },
  ): Outcome<PixRecord> {
    const rec = this.cobs.get(txid);
    if (!rec) return fail(problema('CobNaoEncontrado'));
    const cur = this.current(rec);
    if (cur.status !== 'ATIVA') return fail(problema('RequisicaoInvalida', [{ razao: `A cobrança está ${cur.status} e não pode receber pagamento.`, propriedade: 'status', valor: cur.status }]));
    const now = this.opts.now();
    const c = cur.content;
    let componentes: Record<string, { valor: string }>;
    let valor: number;
    if (rec.kind === 'cob') {
      const expiresAt = rec.criacao.getTime() + (c.calendario.expiracao as number) * 1000;
      if (now.getTime() > expiresAt) return fail(problema('RequisicaoInvalida', [{ razao: 'A cobrança está expirada.', propriedade: 'calendario.expiracao' }]));
      valor = valorToCents(c.valor.original as string);
      if (opts.valor !== undefined && c.valor.modalidadeAlteracao === 1) valor = valorToCents(opts.valor);
      componentes = { original: { valor: centsToValor(valor) } };
    } else {
      const due = cobvAmountOn(c.valor as never, c.calendario as never, opts.payDate ?? today(now));
      if (!due) return fail(problema('RequisicaoInvalida', [{ razao: 'A cobrança está vencida além de sua validade.', propriedade: 'calendario.validadeAposVencimento' }]));
      valor = due.total;
      componentes = { original: { valor: centsToValor(due.original) } };
      if (due.multa) componentes.multa = { valor: centsToValor(due.multa) };
      if (due.juros) componentes.juros = { valor: centsToValor(due.juros) };
      if (due.abatimento) componentes.abatimento = { valor: centsToValor(due.abatimento) };
      if (due.desconto) componentes.desconto = { valor: centsToValor(due.desconto) };
    }
    const pix: PixRecord = {
      endToEndId: spiId('E', this.opts.payerIspb, now, () => randomInt(0, 1 << 30) / (1 << 30)),
      txid,
      valor,
      componentesValor: componentes,
      chave: c.chave,
      horario: now,
      devolucoes: [],
    };
    if (opts.infoPagador !== undefined) pix.infoPagador = opts.infoPagador;
    if (opts.pagador) pix.pagador = opts.pagador;
    if (opts.recusaDevolucao !== undefined) pix.recusaDevolucao = opts.recusaDevolucao;
    this.pix.set(pix.endToEndId, pix);
    rec.pix.push(pix.endToEndId);
    // Paid: the record concludes. Not a revision the client made, so `revisao` stays.
    cur.status = 'CONCLUIDA';
    return { ok: true, value: pix };
  }

  renderPix(p: PixRecord): Record<string, unknown> {
    const out: Record<string, unknown> = { endToEndId: p.endToEndId };
    if (p.txid) out.txid = p.txid;
    out.valor = centsToValor(p.valor);
    out.componentesValor = p.componentesValor;
    out.chave = p.chave;
    out.horario = iso(p.horario);
    if (p.infoPagador !== undefined) out.infoPagador = p.infoPagador;
    if (p.devolucoes.length > 0) out.devolucoes = p.devolucoes.map((d) => this.renderDevolucao(d));
    return out;
  }

  /** `GET /pix?inicio&fim…`: Pix whose `horario` lies in [inicio, fim], oldest first. */
  listPix(q: { inicio: Date; fim: Date; txid?: string; txIdPresente?: boolean; devolucaoPresente?: boolean; cpf?: string; cnpj?: string }): PixRecord[] {
    return [...this.pix.values()]
      .filter((p) => p.horario >= q.inicio && p.horario <= q.fim)
      .filter((p) => q.txid === undefined || p.txid === q.txid)
      .filter((p) => q.txIdPresente === undefined || (p.txid !== undefined) === q.txIdPresente)
      .filter((p) => q.devolucaoPresente === undefined || (p.devolucoes.length > 0) === q.devolucaoPresente)
      .filter((p) => q.cpf === undefined || p.pagador?.cpf === q.cpf)
      .filter((p) => q.cnpj === undefined || p.pagador?.cnpj === q.cnpj)
      .sort((a, b) => a.horario.getTime() - b.horario.getTime() || a.endToEndId.localeCompare(b.endToEndId));
  }

  // -------------------------------------------------------------------------------------------
  // Returns (devoluções).

  /**
   * `PUT /pix/{e2eid}/devolucao/{id}`: idempotent on `id` (the same request answers the same
   * record; another body under the same id is refused). Starts EM_PROCESSAMENTO; `settle` ends it.
   */
  requestDevolucao(e2eid: string, id: string, body: DevolucaoSolicitada): Outcome<DevolucaoRecord> {
    const pix = this.pix.get(e2eid);
    if (!pix) return fail(problema('PixNaoEncontrado'));
    const valor = valorToCents(body.valor);
    const natureza = body.natureza ?? 'ORIGINAL';
    const existing = pix.devolucoes.find((d) => d.id === id);
    if (existing) {
      if (existing.valor === valor && existing.natureza === natureza && existing.descricao === body.descricao) return { ok: true, value: existing, created: false };
      return fail(problema('PixDevolucaoInvalida', [{ razao: 'A presente requisição de devolução apresenta um id já utilizado por outra requisição de devolução.', propriedade: 'id', valor: id }]));
    }
    if (valor === 0) return fail(problema('PixDevolucaoInvalida', [{ razao: 'O campo devolucao.valor não respeita o schema.', propriedade: 'devolucao.valor', valor: body.valor }]));
    if (natureza === 'RETIRADA') return fail(problema('PixDevolucaoInvalida', [{ razao: 'A natureza RETIRADA só cabe a um Pix Saque ou Troco.', propriedade: 'devolucao.natureza', valor: natureza }]));
    const committed = pix.devolucoes.filter((d) => d.status !== 'NAO_REALIZADO').reduce((s, d) => s + d.valor, 0);
    if (committed + valor > pix.valor) {
      return fail(problema('PixDevolucaoInvalida', [{ razao: 'A presente requisição de devolução, em conjunto com as demais prévias devoluções, ultrapassa o valor do Pix.', propriedade: 'devolucao.valor', valor: body.valor }]));
    }
    const now = this.opts.now();
    const d: DevolucaoRecord = { id, rtrId: spiId('D', this.opts.ispb, now, () => randomInt(0, 1 << 30) / (1 << 30)), valor, natureza, solicitacao: now, status: 'EM_PROCESSAMENTO' };
    if (body.descricao !== undefined) d.descricao = body.descricao;
    pix.devolucoes.push(d);
    return { ok: true, value: d, created: true };
  }

  /**
   * The SPI's answer to a return: DEVOLVIDO, or NAO_REALIZADO when the payer's bank refuses it
   * (the Pix was paid with `recusaDevolucao`, or the return's `descricao` carries Lastro's sandbox
   * marker `[sandbox:fail]`, so a merchant can try a refused refund from Lastro's own API).
   */
  settleDevolucao(e2eid: string, id: string): DevolucaoRecord | null {
    const pix = this.pix.get(e2eid);
    const d = pix?.devolucoes.find((x) => x.id === id);
    if (!pix || !d || d.status !== 'EM_PROCESSAMENTO') return null;
    const refusal = pix.recusaDevolucao ?? (d.descricao?.includes(SANDBOX_REFUSAL_MARKER) ? 'Devolução recusada pelo banco do pagador (sandbox).' : undefined);
    if (refusal !== undefined) {
      d.status = 'NAO_REALIZADO';
      d.motivo = refusal;
    } else {
      d.status = 'DEVOLVIDO';
      d.liquidacao = this.opts.now();
    }
    return d;
  }

  renderDevolucao(d: DevolucaoRecord): Record<string, unknown> {
    const horario: Record<string, string> = { solicitacao: iso(d.solicitacao) };
    if (d.liquidacao) horario.liquidacao = iso(d.liquidacao);
    const out: Record<string, unknown> = { id: d.id, rtrId: d.rtrId, valor: centsToValor(d.valor), natureza: d.natureza };
    if (d.descricao !== undefined) out.descricao = d.descricao;
    out.horario = horario;
    out.status = d.status;
    if (d.motivo !== undefined) out.motivo = d.motivo;
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Webhooks.

  putWebhook(chave: string, webhookUrl: string): Outcome<WebhookRecord> {
    const v = this.chaveViolation('webhook', chave);
    if (v) return fail(problema('WebhookOperacaoInvalida', [{ ...v, propriedade: 'chave', razao: v.razao.replace('webhook.chave', '{chave}') }]));
    const prev = this.webhooks.get(chave);
    const rec: WebhookRecord = { chave, webhookUrl, criacao: prev && prev.webhookUrl === webhookUrl ? prev.criacao : this.opts.now() };
    this.webhooks.set(chave, rec);
    return { ok: true, value: rec };
  }

  renderWebhook(w: WebhookRecord): Record<string, unknown> {
    return { webhookUrl: w.webhookUrl, chave: w.chave, cnpj: this.opts.recebedor.cnpj, criacao: iso(w.criacao) };
  }

  byLocationToken(token: string): CobRecord | undefined {
    const txid = this.byLocation.get(token);
    return txid === undefined ? undefined : this.cobs.get(txid);
  }
}
