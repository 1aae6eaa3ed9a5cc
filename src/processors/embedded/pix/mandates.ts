import { randomInt } from 'node:crypto';
import { buildPixPayload } from '../../../payments/pix.rules';
import { centsToValor, effectiveDueDate, problema, spiId, valorToCents, type Problema, type Violacao } from './pix.rules';
import { FATAL_ATTEMPT_CODES, compositeBrCode, cycleOf, daysBetween, outsideScheduleWindow, recId, retriesLeft, retryRefusal, type PoliticaRetentativa } from './mandate.rules';
import type { CobRSolicitada, RecRevisada, RecSolicitada, SolicRecSolicitada } from './mandate.schemas';

/**
 * The embedded PSP's Pix Automático books: recurrences (`rec`, the payer's authorization), their
 * payload locations (`locrec`), requests sent to the payer's bank to confirm one (`solicrec`) and
 * recurring charges (`cobr`) with their settlement attempts (`tentativas`). In memory, as the
 * rest of the PSP's books. Every change of state is reported through `notify` (the server turns
 * it into `/rec` and `/cobr` callbacks). The PSP's clock (`now`) decides when a scheduled attempt
 * is settled (`tick`), so a test moves that clock to run a schedule.
 */

export type RecStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type SolicRecStatus = 'CRIADA' | 'ENVIADA' | 'RECEBIDA' | 'REJEITADA' | 'ACEITA' | 'EXPIRADA' | 'CANCELADA';
export type CobRStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
export type TentativaStatus = 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';
export type Jornada = 'JORNADA_1' | 'JORNADA_2' | 'JORNADA_3' | 'JORNADA_4' | 'AGUARDANDO_DEFINICAO';
type Update<S> = { status: S; data: Date };

/** What the simulated payer does when an attempt falls due: pay it, or have it refused with a code. */
export type PayerBehaviour = { outcome: 'pays' } | { outcome: 'fails'; codigo: string };

export interface RecRecord {
  idRec: string;
  criacao: Date;
  request: RecSolicitada;
  status: RecStatus;
  atualizacao: Array<Update<RecStatus>>;
  locId: number | null;
  tipoJornada: Jornada;
  /** Journey 3: the immediate charge whose payment approves the recurrence. */
  txid: string | null;
  pagador: { cpf?: string; cnpj?: string; ispbParticipante: string } | null;
  encerramento: Record<string, unknown> | null;
  solicitacoes: string[];
  payer: PayerBehaviour;
}

export interface LocRecRecord {
  id: number;
  location: string;
  criacao: Date;
  idRec: string | null;
  token: string;
}

export interface SolicRecRecord {
  idSolicRec: string;
  request: SolicRecSolicitada;
  status: SolicRecStatus;
  atualizacao: Array<Update<SolicRecStatus>>;
}

export interface Tentativa {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  status: TentativaStatus;
  endToEndId: string;
  atualizacao: Array<Update<TentativaStatus>>;
  rejeicao?: { codigo: string; descricao: string };
}

export interface CobRRecord {
  txid: string;
  idRec: string;
  criacao: Date;
  request: CobRSolicitada;
  status: CobRStatus;
  atualizacao: Array<Update<CobRStatus>>;
  tentativas: Tentativa[];
  encerramento: Record<string, unknown> | null;
  pix: Array<{ endToEndId: string; valor: number; horario: Date }>;
}

export interface MandateBooksOptions {
  ispb: string;
  payerIspb: string;
  locationHost: () => string;
  recebedor: { cnpj: string; nome: string; cidade: string };
  now: () => Date;
  /** The PSP's charge (`cob` or `cobv`) of a txid and its location: what a composite BR Code (journeys 3, 4) joins to a recurrence. */
  charge: (txid: string) => { kind: 'cob' | 'cobv'; location: string } | null;
  notify: (n: { kind: 'rec'; rec: RecRecord } | { kind: 'cobr'; cobr: CobRRecord }) => void;
}

type Outcome<T> = { ok: true; value: T; created?: boolean } | { ok: false; problem: Problema };
const fail = (problem: Problema): { ok: false; problem: Problema } => ({ ok: false, problem });
const iso = (d: Date): string => d.toISOString();
/** Brasília's calendar day (UTC−3): due dates and settlement days are Brasília's. */
const dayOf = (d: Date): string => new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
const random = () => randomInt(0, 1 << 30) / (1 << 30);
const stable = (v: unknown): string => JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x));
const ENDED: ReadonlySet<RecStatus> = new Set(['REJEITADA', 'EXPIRADA', 'CANCELADA']);

export class MandateBooks {
  readonly recs = new Map<string, RecRecord>();
  readonly locs = new Map<number, LocRecRecord>();
  readonly solicitacoes = new Map<string, SolicRecRecord>();
  readonly cobrs = new Map<string, CobRRecord>();
  /** Each recurrence's charges: a charge's checks and a cancellation read only its own. */
  private readonly cobrsOfRec = new Map<string, CobRRecord[]>();
  readonly webhooks: { rec: { url: string; criacao: Date } | null; cobr: { url: string; criacao: Date } | null } = { rec: null, cobr: null };
  private nextLocId = 1;

  constructor(private readonly opts: MandateBooksOptions) {}

  private today(): string {
    return dayOf(this.opts.now());
  }

  private moveRec(rec: RecRecord, status: RecStatus, encerramento: Record<string, unknown> | null = null): void {
    rec.status = status;
    rec.atualizacao.push({ status, data: this.opts.now() });
    if (encerramento) rec.encerramento = encerramento;
    this.opts.notify({ kind: 'rec', rec });
  }

  private moveCobR(c: CobRRecord, status: CobRStatus, encerramento: Record<string, unknown> | null = null): void {
    c.status = status;
    c.atualizacao.push({ status, data: this.opts.now() });
    if (encerramento) c.encerramento = encerramento;
  }

  private moveTentativa(t: Tentativa, status: TentativaStatus): void {
    t.status = status;
    t.atualizacao.push({ status, data: this.opts.now() });
  }

  // --- locations ------------------------------------------------------------------------------

  createLoc(token: string): LocRecRecord {
    const loc: LocRecRecord = { id: this.nextLocId++, location: `${this.opts.locationHost()}/qr/v2/rec/${token}`, criacao: this.opts.now(), idRec: null, token };
    this.locs.set(loc.id, loc);
    return loc;
  }

  renderLoc(loc: LocRecRecord): Record<string, unknown> {
    return { id: loc.id, location: loc.location, tipo: 'rec', criacao: iso(loc.criacao), ...(loc.idRec ? { idRec: loc.idRec } : {}) };
  }

  byLocToken(token: string): RecRecord | undefined {
    for (const loc of this.locs.values()) if (loc.token === token && loc.idRec) return this.recs.get(loc.idRec);
    return undefined;
  }

  private locViolation(locId: number | undefined, idRec: string | null): Violacao | null {
    if (locId === undefined) return null;
    const loc = this.locs.get(locId);
    if (!loc) return { razao: 'O location referenciado por rec.loc inexiste.', propriedade: 'rec.loc', valor: String(locId) };
    if (loc.idRec && loc.idRec !== idRec) return { razao: 'O location referenciado por rec.loc já está sendo utilizado por outra recorrência.', propriedade: 'rec.loc', valor: String(locId) };
    return null;
  }

  // --- recurrences ----------------------------------------------------------------------------

  /** `POST /rec`: a recurrence CRIADA, waiting for the payer (journey still to be defined unless a txid names journey 3). */
  createRec(body: RecSolicitada): Outcome<RecRecord> {
    const v: Violacao[] = [];
    const today = this.today();
    if (daysBetween(today, body.calendario.dataInicial) < 0) v.push({ razao: 'O campo rec.calendario.dataInicial é anterior à data de criação da recorrência.', propriedade: 'rec.calendario.dataInicial', valor: body.calendario.dataInicial });
    if (body.calendario.dataFinal && daysBetween(body.calendario.dataInicial, body.calendario.dataFinal) < 0) v.push({ razao: 'O campo rec.calendario.dataFinal é anterior ao campo rec.calendario.dataInicial.', propriedade: 'rec.calendario.dataFinal', valor: body.calendario.dataFinal });
    if (body.valor?.valorRec !== undefined && valorToCents(body.valor.valorRec) === 0) v.push({ razao: 'O campo rec.valor.valorRec não respeita o schema.', propriedade: 'rec.valor.valorRec', valor: body.valor.valorRec });
    const lv = this.locViolation(body.loc, null);
    if (lv) v.push(lv);
    if (v.length > 0) return fail(problema('RecOperacaoInvalida', v));
    const now = this.opts.now();
    const rec: RecRecord = {
      idRec: recId('RR', this.opts.ispb, today, random),
      criacao: now,
      request: body,
      status: 'CRIADA',
      atualizacao: [{ status: 'CRIADA', data: now }],
      locId: body.loc ?? null,
      tipoJornada: body.ativacao?.dadosJornada?.txid ? 'JORNADA_3' : 'AGUARDANDO_DEFINICAO',
      txid: body.ativacao?.dadosJornada?.txid ?? null,
      pagador: null,
      encerramento: null,
      solicitacoes: [],
      payer: { outcome: 'pays' },
    };
    if (body.loc !== undefined) this.locs.get(body.loc)!.idRec = rec.idRec;
    this.recs.set(rec.idRec, rec);
    return { ok: true, value: rec, created: true };
  }

  /** `PATCH /rec/{idRec}`: cancel it (the receiving user's side), or revise what the document lets a CRIADA one change. */
  reviseRec(idRec: string, body: RecRevisada): Outcome<RecRecord> {
    const rec = this.recs.get(idRec);
    if (!rec) return fail(problema('RecNaoEncontrada'));
    if (ENDED.has(rec.status)) return fail(problema('RecOperacaoInvalida', [{ razao: 'A recorrência encontra-se expirada, cancelada ou rejeitada.', propriedade: 'rec.status', valor: rec.status }]));
    const v: Violacao[] = [];
    if (body.loc !== undefined && rec.status !== 'CRIADA') v.push({ razao: 'O campo rec.loc somente pode ser alterado quando a recorrência apresentar-se com o status CRIADA.', propriedade: 'rec.loc' });
    if (body.calendario?.dataInicial !== undefined && rec.status !== 'CRIADA') v.push({ razao: 'O campo rec.calendario.dataInicial somente pode ser alterado quando a recorrência apresentar-se com o status CRIADA.', propriedade: 'rec.calendario.dataInicial' });
    if (body.calendario?.dataInicial !== undefined && daysBetween(this.today(), body.calendario.dataInicial) < 0) v.push({ razao: 'O campo rec.calendario.dataInicial é anterior à data de criação da recorrência.', propriedade: 'rec.calendario.dataInicial', valor: body.calendario.dataInicial });
    const lv = this.locViolation(body.loc, rec.idRec);
    if (lv) v.push(lv);
    if (v.length > 0) return fail(problema('RecOperacaoInvalida', v));
    if (body.loc !== undefined) {
      if (rec.locId !== null) this.locs.get(rec.locId)!.idRec = null;
      rec.locId = body.loc;
      this.locs.get(body.loc)!.idRec = rec.idRec;
    }
    if (body.calendario?.dataInicial !== undefined) rec.request.calendario.dataInicial = body.calendario.dataInicial;
    if (body.vinculo?.devedor?.nome !== undefined) rec.request.vinculo.devedor.nome = body.vinculo.devedor.nome;
    if (body.ativacao?.dadosJornada?.txid !== undefined) {
      rec.txid = body.ativacao.dadosJornada.txid;
      rec.tipoJornada = 'JORNADA_3';
    }
    if (body.status === 'CANCELADA') this.cancelRec(rec, 'USUARIO_RECEBEDOR', 'SLCR', 'Recorrência cancelada pelo usuário recebedor.');
    return { ok: true, value: rec };
  }

  /** Cancels the recurrence and every charge of it not settled yet. */
  cancelRec(rec: RecRecord, solicitante: 'PSP_PAGADOR' | 'USUARIO_PAGADOR' | 'PSP_RECEBEDOR' | 'USUARIO_RECEBEDOR', codigo: string, descricao: string): void {
    for (const c of this.cobrsOfRec.get(rec.idRec) ?? []) {
      if (c.status !== 'CRIADA' && c.status !== 'ATIVA') continue;
      for (const t of c.tentativas) if (t.status === 'SOLICITADA' || t.status === 'AGENDADA') this.moveTentativa(t, 'CANCELADA');
      this.moveCobR(c, 'CANCELADA', { cancelamento: { solicitante, codigo: 'CCLD', descricao: 'Recorrência cancelada.' } });
      this.opts.notify({ kind: 'cobr', cobr: c });
    }
    this.moveRec(rec, 'CANCELADA', { cancelamento: { solicitante, codigo, descricao } });
  }

  /** The payer's answer (the simulator's own control): approves through `tipoJornada`, or refuses. */
  approveRec(idRec: string, tipoJornada: Jornada, pagador?: { cpf?: string; cnpj?: string }): Outcome<RecRecord> {
    const rec = this.recs.get(idRec);
    if (!rec) return fail(problema('RecNaoEncontrada'));
    if (rec.status !== 'CRIADA') return fail(problema('RecOperacaoInvalida', [{ razao: `A recorrência está ${rec.status} e não pode ser aprovada.`, propriedade: 'rec.status', valor: rec.status }]));
    const devedor = rec.request.vinculo.devedor;
    rec.pagador = { ...(pagador ?? (devedor.cpf ? { cpf: devedor.cpf } : { cnpj: devedor.cnpj })), ispbParticipante: this.opts.payerIspb };
    rec.tipoJornada = tipoJornada;
    if (tipoJornada !== 'JORNADA_3') rec.txid = null;
    for (const id of rec.solicitacoes) {
      const s = this.solicitacoes.get(id)!;
      if (s.status === 'RECEBIDA') this.moveSolicRec(s, 'ACEITA');
    }
    this.moveRec(rec, 'APROVADA');
    return { ok: true, value: rec };
  }

  rejectRec(idRec: string): Outcome<RecRecord> {
    const rec = this.recs.get(idRec);
    if (!rec) return fail(problema('RecNaoEncontrada'));
    if (rec.status !== 'CRIADA') return fail(problema('RecOperacaoInvalida', [{ razao: `A recorrência está ${rec.status} e não pode ser rejeitada.`, propriedade: 'rec.status', valor: rec.status }]));
    for (const id of rec.solicitacoes) {
      const s = this.solicitacoes.get(id)!;
      if (s.status === 'RECEBIDA') this.moveSolicRec(s, 'REJEITADA');
    }
    this.moveRec(rec, 'REJEITADA', { rejeicao: { codigo: 'AP13', descricao: 'Rejeitada pelo usuário pagador.' } });
    return { ok: true, value: rec };
  }

  /** The payer cancels an approved recurrence at their bank. */
  payerCancelsRec(idRec: string): Outcome<RecRecord> {
    const rec = this.recs.get(idRec);
    if (!rec) return fail(problema('RecNaoEncontrada'));
    if (ENDED.has(rec.status)) return fail(problema('RecOperacaoInvalida', [{ razao: 'A recorrência encontra-se expirada, cancelada ou rejeitada.', propriedade: 'rec.status', valor: rec.status }]));
    this.cancelRec(rec, 'USUARIO_PAGADOR', 'ACCL', 'Recorrência cancelada pelo usuário pagador.');
    return { ok: true, value: rec };
  }

  expireRec(idRec: string): Outcome<RecRecord> {
    const rec = this.recs.get(idRec);
    if (!rec) return fail(problema('RecNaoEncontrada'));
    if (rec.status !== 'CRIADA') return fail(problema('RecOperacaoInvalida', [{ razao: `A recorrência está ${rec.status} e não pode expirar.`, propriedade: 'rec.status', valor: rec.status }]));
    for (const id of rec.solicitacoes) {
      const s = this.solicitacoes.get(id)!;
      if (s.status === 'CRIADA' || s.status === 'ENVIADA' || s.status === 'RECEBIDA') this.moveSolicRec(s, 'EXPIRADA');
    }
    this.moveRec(rec, 'EXPIRADA');
    return { ok: true, value: rec };
  }

  /**
   * Journey 3: the immediate charge named by a CRIADA recurrence was paid. The payer's app offers
   * the recurrence with the payment: accepted, it approves it; declined, the payment stands and
   * the recurrence is rejected (AP13, by the payer), as the regulation lets a payer pay without
   * authorizing.
   */
  cobPaid(txid: string, recorrencia: 'aceita' | 'recusada' = 'aceita'): void {
    for (const rec of this.recs.values()) {
      if (rec.status !== 'CRIADA' || rec.txid !== txid) continue;
      if (recorrencia === 'aceita') this.approveRec(rec.idRec, 'JORNADA_3');
      else this.rejectRec(rec.idRec);
    }
  }

  /**
   * `GET /rec/{idRec}?txid=`: which composite BR Code the read asks for. Without a txid, the
   * recurrence's own (journey 2); a `cob` txid, that charge's with the recurrence (journey 3),
   * only the one `ativacao.dadosJornada.txid` names; a `cobv` txid (journey 4), never for a
   * journey-3 recurrence. Anything else is the catalogue's `RecConsultaInvalida`.
   */
  qrJourney(rec: RecRecord, txid: string | undefined): Outcome<{ jornada: 'JORNADA_2' | 'JORNADA_3' | 'JORNADA_4'; chargeLocation: string | null }> {
    if (txid === undefined) return { ok: true, value: { jornada: 'JORNADA_2', chargeLocation: null } };
    const charge = this.opts.charge(txid);
    const invalid = (razao: string) => fail(problema('RecConsultaInvalida', [{ razao, propriedade: 'txid', valor: txid }]));
    if (!charge) return invalid('O parâmetro txid não corresponde a uma cobrança compatível com o campo ativacao.tipoJornada.');
    if (charge.kind === 'cobv') {
      if (rec.tipoJornada === 'JORNADA_3') return invalid('O parâmetro txid não corresponde a uma cobrança compatível com o campo ativacao.tipoJornada.');
      return { ok: true, value: { jornada: 'JORNADA_4', chargeLocation: charge.location } };
    }
    if (rec.txid !== txid) return invalid('O parâmetro txid corresponde a uma cobrança imediata diferente da informada no campo ativacao.dadosJornada.txid.');
    return { ok: true, value: { jornada: 'JORNADA_3', chargeLocation: charge.location } };
  }

  renderRec(rec: RecRecord, full: boolean, qr: { jornada: 'JORNADA_2' | 'JORNADA_3' | 'JORNADA_4'; chargeLocation: string | null } = { jornada: 'JORNADA_2', chargeLocation: null }): Record<string, unknown> {
    const r = rec.request;
    const out: Record<string, unknown> = { idRec: rec.idRec, vinculo: r.vinculo, calendario: r.calendario };
    if (r.valor) out.valor = r.valor;
    out.recebedor = { cnpj: this.opts.recebedor.cnpj, nome: this.opts.recebedor.nome, ...(r.recebedor?.convenio ? { convenio: r.recebedor.convenio } : {}) };
    if (full && rec.pagador) out.pagador = rec.pagador;
    out.status = rec.status;
    out.politicaRetentativa = r.politicaRetentativa;
    if (rec.locId !== null) out.loc = this.renderLoc(this.locs.get(rec.locId)!);
    out.atualizacao = rec.atualizacao.map((u) => ({ status: u.status, data: iso(u.data) }));
    if (rec.encerramento) out.encerramento = rec.encerramento;
    if (full && rec.solicitacoes.length > 0) out.solicitacao = rec.solicitacoes.map((id) => this.renderSolicRec(this.solicitacoes.get(id)!));
    out.ativacao = { tipoJornada: rec.tipoJornada, ...(rec.txid ? { dadosJornada: { txid: rec.txid } } : {}) };
    if (full && rec.locId !== null) {
      const loc = this.locs.get(rec.locId)!;
      const brCode = (locationUrl: string) => buildPixPayload({ kind: 'dynamic', locationUrl, merchantName: this.opts.recebedor.nome, merchantCity: this.opts.recebedor.cidade });
      out.dadosQR = {
        jornada: qr.jornada,
        pixCopiaECola: qr.chargeLocation ? compositeBrCode(brCode(qr.chargeLocation), loc.location) : brCode(loc.location),
      };
    }
    return out;
  }

  /** What `POST <webhookUrl>/rec` carries of a recurrence (`RecNotification`). */
  renderRecNotification(rec: RecRecord): Record<string, unknown> {
    const out: Record<string, unknown> = { idRec: rec.idRec, status: rec.status, atualizacao: rec.atualizacao.map((u) => ({ status: u.status, data: iso(u.data) })) };
    if (rec.encerramento) out.encerramento = rec.encerramento;
    out.ativacao = { tipoJornada: rec.tipoJornada, ...(rec.txid ? { dadosJornada: { txid: rec.txid } } : {}) };
    return out;
  }

  listRecs(q: { inicio: Date; fim: Date; status?: string; cpf?: string; cnpj?: string }): RecRecord[] {
    return [...this.recs.values()]
      .filter((r) => r.criacao >= q.inicio && r.criacao <= q.fim)
      .filter((r) => q.status === undefined || r.status === q.status)
      .filter((r) => q.cpf === undefined || r.request.vinculo.devedor.cpf === q.cpf)
      .filter((r) => q.cnpj === undefined || r.request.vinculo.devedor.cnpj === q.cnpj);
  }

  // --- requests to the payer's bank -----------------------------------------------------------

  private moveSolicRec(s: SolicRecRecord, status: SolicRecStatus): void {
    s.status = status;
    s.atualizacao.push({ status, data: this.opts.now() });
  }

  /** `POST /solicrec`: sent to the payer's PSP at once (CRIADA, ENVIADA, RECEBIDA); the payer answers through the simulator. */
  createSolicRec(body: SolicRecSolicitada): Outcome<SolicRecRecord> {
    const rec = this.recs.get(body.idRec);
    const v: Violacao[] = [];
    if (!rec) v.push({ razao: 'O campo solicrec.idRec não corresponde a uma recorrência.', propriedade: 'solicrec.idRec', valor: body.idRec });
    else if (rec.status !== 'CRIADA') v.push({ razao: `A recorrência está ${rec.status}.`, propriedade: 'solicrec.idRec', valor: body.idRec });
    else if (rec.solicitacoes.some((id) => ['CRIADA', 'ENVIADA', 'RECEBIDA'].includes(this.solicitacoes.get(id)!.status))) v.push({ razao: 'Existe uma solicitação ativa referente ao mesmo solicrec.idRec.', propriedade: 'solicrec.idRec', valor: body.idRec });
    if (Date.parse(body.calendario.dataExpiracaoSolicitacao) < this.opts.now().getTime()) v.push({ razao: 'O campo solicrec.calendario.dataExpiracaoSolicitacao é anterior à data de criação da solicitação da recorrência.', propriedade: 'solicrec.calendario.dataExpiracaoSolicitacao' });
    if (v.length > 0) return fail(problema('SolicRecOperacaoInvalida', v));
    const now = this.opts.now();
    const s: SolicRecRecord = { idSolicRec: recId('SC', this.opts.ispb, this.today(), random), request: body, status: 'CRIADA', atualizacao: [{ status: 'CRIADA', data: now }] };
    this.moveSolicRec(s, 'ENVIADA');
    this.moveSolicRec(s, 'RECEBIDA');
    this.solicitacoes.set(s.idSolicRec, s);
    rec!.solicitacoes.push(s.idSolicRec);
    return { ok: true, value: s, created: true };
  }

  cancelSolicRec(id: string): Outcome<SolicRecRecord> {
    const s = this.solicitacoes.get(id);
    if (!s) return fail(problema('SolicRecNaoEncontrada'));
    if (!['CRIADA', 'ENVIADA', 'RECEBIDA'].includes(s.status)) return fail(problema('SolicRecOperacaoInvalida', [{ razao: 'Não é possível cancelar uma solicitação de recorrência com o status diferente de CRIADA, ENVIADA ou RECEBIDA.', propriedade: 'solicrec.status', valor: s.status }]));
    this.moveSolicRec(s, 'CANCELADA');
    return { ok: true, value: s };
  }

  renderSolicRec(s: SolicRecRecord): Record<string, unknown> {
    const out: Record<string, unknown> = {
      idSolicRec: s.idSolicRec,
      idRec: s.request.idRec,
      calendario: s.request.calendario,
      status: s.status,
      destinatario: s.request.destinatario,
      atualizacao: s.atualizacao.map((u) => ({ status: u.status, data: iso(u.data) })),
    };
    const rec = this.recs.get(s.request.idRec);
    // SolicRecCompleta requires recPayload wherever it appears, a recurrence's `solicitacao` too;
    // the payload is the recurrence rendered short, so the two never recurse.
    if (rec) {
      const { idRec, vinculo, calendario, valor, recebedor, politicaRetentativa, atualizacao } = this.renderRec(rec, false);
      out.recPayload = { idRec, vinculo, calendario, ...(valor ? { valor } : {}), recebedor: { ...(recebedor as object), ispbParticipante: this.opts.ispb }, politicaRetentativa, atualizacao };
    }
    return out;
  }

  // --- recurring charges ----------------------------------------------------------------------

  /**
   * `PUT /cobr/{txid}` (and `POST /cobr` with a txid of the PSP's): a charge of an APROVADA
   * recurrence, scheduled 2 to 10 days before its due date, one per cycle. The same txid and
   * content answers the same charge. Accepted: ATIVA at once, its first attempt (AGND) AGENDADA
   * for the due date (the next business day when `ajusteDiaUtil`).
   */
  putCobR(txid: string, body: CobRSolicitada): Outcome<CobRRecord> {
    const existing = this.cobrs.get(txid);
    if (existing) {
      if (stable(existing.request) === stable(body)) return { ok: true, value: existing, created: false };
      return fail(problema('CobROperacaoInvalida', [{ razao: 'O campo cobr.txid encontra-se em uso.', propriedade: 'cobr.txid', valor: txid }]));
    }
    const rec = this.recs.get(body.idRec);
    const today = this.today();
    const due = body.calendario.dataDeVencimento;
    const v: Violacao[] = [];
    if (!rec) v.push({ razao: 'O campo cobr.idRec não corresponde a uma recorrência.', propriedade: 'cobr.idRec', valor: body.idRec });
    else if (rec.status !== 'APROVADA') v.push({ razao: `A recorrência está ${rec.status}: só uma recorrência APROVADA recebe cobranças.`, propriedade: 'cobr.idRec', valor: body.idRec });
    if (daysBetween(today, due) < 0) v.push({ razao: 'O campo cobr.calendario.dataDeVencimento é anterior à data de criação da cobrança.', propriedade: 'cobr.calendario.dataDeVencimento', valor: due });
    else {
      const window = outsideScheduleWindow(today, due);
      if (window) v.push({ razao: window, propriedade: 'cobr.calendario.dataDeVencimento', valor: due });
    }
    if (valorToCents(body.valor.original) === 0) v.push({ razao: 'O campo cobr.valor não respeita o schema.', propriedade: 'cobr.valor.original', valor: body.valor.original });
    if (rec?.status === 'APROVADA') {
      const { dataInicial, dataFinal, periodicidade } = rec.request.calendario;
      const cycle = cycleOf(dataInicial, periodicidade, due);
      if (cycle < 0 || (dataFinal && daysBetween(dataFinal, due) > 0)) v.push({ razao: 'O campo cobr.calendario.dataDeVencimento está fora da vigência da recorrência.', propriedade: 'cobr.calendario.dataDeVencimento', valor: due });
      const fixed = rec.request.valor?.valorRec;
      if (fixed !== undefined && fixed !== body.valor.original) v.push({ razao: 'O campo cobr.valor.original difere do valor fixo da recorrência.', propriedade: 'cobr.valor.original', valor: body.valor.original });
      const sameCycle = (this.cobrsOfRec.get(rec.idRec) ?? []).some((c) => c.status !== 'REJEITADA' && c.status !== 'CANCELADA' && cycleOf(dataInicial, periodicidade, c.request.calendario.dataDeVencimento) === cycle);
      if (sameCycle) v.push({ razao: 'Existe uma CobR com status diferente de REJEITADA e CANCELADA referente ao mesmo cobr.idRec com calendario.dataDeVencimento no mesmo ciclo.', propriedade: 'cobr.calendario.dataDeVencimento', valor: due });
    }
    if (v.length > 0) return fail(problema('CobROperacaoInvalida', v));
    const now = this.opts.now();
    const c: CobRRecord = { txid, idRec: body.idRec, criacao: now, request: body, status: 'CRIADA', atualizacao: [{ status: 'CRIADA', data: now }], tentativas: [], encerramento: null, pix: [] };
    this.cobrs.set(txid, c);
    this.cobrsOfRec.set(c.idRec, [...(this.cobrsOfRec.get(c.idRec) ?? []), c]);
    this.moveCobR(c, 'ATIVA');
    this.schedule(c, body.ajusteDiaUtil ? effectiveDueDate(due) : due, 'AGND');
    this.opts.notify({ kind: 'cobr', cobr: c });
    return { ok: true, value: c, created: true };
  }

  private schedule(c: CobRRecord, dataLiquidacao: string, tipo: Tentativa['tipo']): void {
    const now = this.opts.now();
    const t: Tentativa = { dataLiquidacao, tipo, status: 'SOLICITADA', endToEndId: spiId('E', this.opts.payerIspb, now, random), atualizacao: [{ status: 'SOLICITADA', data: now }] };
    this.moveTentativa(t, 'AGENDADA');
    c.tentativas.push(t);
  }

  /** `PATCH /cobr/{txid}` to CANCELADA: only before the day of its first attempt. */
  cancelCobR(txid: string): Outcome<CobRRecord> {
    const c = this.cobrs.get(txid);
    if (!c) return fail(problema('CobRNaoEncontrado'));
    if (c.status !== 'CRIADA' && c.status !== 'ATIVA') return fail(problema('CobROperacaoInvalida', [{ razao: `A cobrança está ${c.status}.`, propriedade: 'cobr.status', valor: c.status }]));
    const first = c.tentativas[0]?.dataLiquidacao ?? c.request.calendario.dataDeVencimento;
    if (daysBetween(first, this.today()) >= 0) return fail(problema('CobROperacaoInvalida', [{ razao: 'Não é possível cancelar uma cobrança em uma data igual ou maior que a data prevista da primeira tentativa de liquidação.', propriedade: 'cobr.status', valor: 'CANCELADA' }]));
    for (const t of c.tentativas) if (t.status === 'SOLICITADA' || t.status === 'AGENDADA') this.moveTentativa(t, 'CANCELADA');
    this.moveCobR(c, 'CANCELADA', { cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cobrança cancelada pelo usuário recebedor.' } });
    this.opts.notify({ kind: 'cobr', cobr: c });
    return { ok: true, value: c };
  }

  /** `POST /cobr/{txid}/retentativa/{data}`: another attempt (NTAG) after a failed one, as the recurrence's policy allows. */
  retryCobR(txid: string, data: string): Outcome<CobRRecord> {
    const c = this.cobrs.get(txid);
    if (!c) return fail(problema('CobRNaoEncontrado'));
    const rec = this.recs.get(c.idRec)!;
    const pending = c.tentativas.some((t) => t.status === 'SOLICITADA' || t.status === 'AGENDADA');
    const refusal =
      c.status !== 'ATIVA'
        ? `A cobrança está ${c.status}.`
        : retryRefusal({ policy: rec.request.politicaRetentativa as PoliticaRetentativa, retriesSoFar: c.tentativas.length - 1, pending, today: this.today(), dueDate: c.request.calendario.dataDeVencimento, date: data });
    if (refusal) return fail(problema('CobROperacaoInvalida', [{ razao: refusal, propriedade: 'data', valor: data }]));
    this.schedule(c, data, 'NTAG');
    this.opts.notify({ kind: 'cobr', cobr: c });
    return { ok: true, value: c, created: true };
  }

  /**
   * The payer's PSP settles the charge's scheduled attempt now: paid (the charge CONCLUIDA, with
   * its Pix) or refused with `codigo`. A refused attempt ends the charge (REJEITADA) when its code
   * is final or no retry is left; otherwise it stays ATIVA for a retry.
   */
  settle(txid: string, outcome: PayerBehaviour): Outcome<CobRRecord> {
    const c = this.cobrs.get(txid);
    if (!c) return fail(problema('CobRNaoEncontrado'));
    const t = c.tentativas.find((x) => x.status === 'AGENDADA');
    if (c.status !== 'ATIVA' || !t) return fail(problema('CobROperacaoInvalida', [{ razao: 'A cobrança não tem tentativa agendada.', propriedade: 'cobr.status', valor: c.status }]));
    if (outcome.outcome === 'pays') {
      this.moveTentativa(t, 'PAGA');
      c.pix.push({ endToEndId: t.endToEndId, valor: valorToCents(c.request.valor.original), horario: this.opts.now() });
      this.moveCobR(c, 'CONCLUIDA');
    } else {
      t.rejeicao = { codigo: outcome.codigo, descricao: 'Tentativa de liquidação rejeitada pelo PSP pagador.' };
      this.moveTentativa(t, 'REJEITADA');
      const policy = this.recs.get(c.idRec)!.request.politicaRetentativa as PoliticaRetentativa;
      if (FATAL_ATTEMPT_CODES.has(outcome.codigo) || !retriesLeft(policy, c.tentativas.length - 1, this.today(), c.request.calendario.dataDeVencimento)) {
        this.moveCobR(c, 'REJEITADA', { rejeicao: { codigo: outcome.codigo, descricao: 'Cobrança rejeitada: a tentativa de liquidação falhou e não há retentativa possível.' } });
      }
    }
    this.opts.notify({ kind: 'cobr', cobr: c });
    return { ok: true, value: c };
  }

  /**
   * The PSP's clock moved: attempts due today or earlier are settled as their payer behaves, and
   * a failed charge whose retry window closed without a retry ends EXPIRADA; a CRIADA recurrence
   * whose requests all expired ends EXPIRADA.
   */
  tick(): void {
    const today = this.today();
    const now = this.opts.now().getTime();
    for (const c of this.cobrs.values()) {
      if (c.status !== 'ATIVA') continue;
      const t = c.tentativas.find((x) => x.status === 'AGENDADA');
      if (t && daysBetween(t.dataLiquidacao, today) >= 0) this.settle(c.txid, this.recs.get(c.idRec)!.payer);
      else if (!t && daysBetween(c.request.calendario.dataDeVencimento, today) > 7) {
        this.moveCobR(c, 'EXPIRADA');
        this.opts.notify({ kind: 'cobr', cobr: c });
      }
    }
    for (const rec of this.recs.values()) {
      if (rec.status !== 'CRIADA' || rec.solicitacoes.length === 0) continue;
      const open = rec.solicitacoes.map((id) => this.solicitacoes.get(id)!).filter((s) => ['CRIADA', 'ENVIADA', 'RECEBIDA'].includes(s.status));
      if (open.length > 0 && open.every((s) => Date.parse(s.request.calendario.dataExpiracaoSolicitacao) <= now)) this.expireRec(rec.idRec);
    }
  }

  renderCobR(c: CobRRecord, full: boolean): Record<string, unknown> {
    const r = c.request;
    const out: Record<string, unknown> = { idRec: c.idRec, txid: c.txid };
    if (r.infoAdicional !== undefined) out.infoAdicional = r.infoAdicional;
    out.calendario = { criacao: dayOf(c.criacao), dataDeVencimento: r.calendario.dataDeVencimento };
    out.status = c.status;
    out.valor = r.valor;
    out.ajusteDiaUtil = r.ajusteDiaUtil;
    if (full) out.politicaRetentativa = this.recs.get(c.idRec)?.request.politicaRetentativa ?? 'NAO_PERMITE';
    if (r.devedor) out.devedor = r.devedor;
    out.recebedor = full ? r.recebedor : { ...r.recebedor, cnpj: this.opts.recebedor.cnpj, nome: this.opts.recebedor.nome };
    if (full && c.pix.length > 0) out.pix = c.pix.map((p) => ({ endToEndId: p.endToEndId, txid: c.txid, valor: centsToValor(p.valor), horario: iso(p.horario) }));
    out.atualizacao = c.atualizacao.map((u) => ({ status: u.status, data: iso(u.data) }));
    if (c.encerramento) out.encerramento = c.encerramento;
    if (full) out.tentativas = c.tentativas.map((t) => this.renderTentativa(t));
    return out;
  }

  renderTentativa(t: Tentativa): Record<string, unknown> {
    return {
      dataLiquidacao: t.dataLiquidacao,
      tipo: t.tipo,
      status: t.status,
      endToEndId: t.endToEndId,
      atualizacao: t.atualizacao.map((u) => ({ status: u.status, data: iso(u.data) })),
      ...(t.rejeicao ? { rejeicao: t.rejeicao } : {}),
    };
  }

  /** What `POST <webhookUrl>/cobr` carries of a charge (`CobRNotification`). */
  renderCobRNotification(c: CobRRecord): Record<string, unknown> {
    const out: Record<string, unknown> = { idRec: c.idRec, txid: c.txid, status: c.status, atualizacao: c.atualizacao.map((u) => ({ status: u.status, data: iso(u.data) })) };
    if (c.encerramento) out.encerramento = c.encerramento;
    out.tentativas = c.tentativas.map((t) => this.renderTentativa(t));
    if (c.pix.length > 0) out.pix = c.pix.map((p) => ({ endToEndId: p.endToEndId, txid: c.txid, valor: centsToValor(p.valor), horario: iso(p.horario) }));
    return out;
  }

  listCobRs(q: { inicio: Date; fim: Date; idRec?: string; status?: string; cpf?: string; cnpj?: string }): CobRRecord[] {
    return [...this.cobrs.values()]
      .filter((c) => c.criacao >= q.inicio && c.criacao <= q.fim)
      .filter((c) => q.idRec === undefined || c.idRec === q.idRec)
      .filter((c) => q.status === undefined || c.status === q.status)
      .filter((c) => q.cpf === undefined || this.recs.get(c.idRec)?.request.vinculo.devedor.cpf === q.cpf)
      .filter((c) => q.cnpj === undefined || this.recs.get(c.idRec)?.request.vinculo.devedor.cnpj === q.cnpj);
  }
}
