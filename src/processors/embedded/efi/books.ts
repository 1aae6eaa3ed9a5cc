/**
 * The embedded Efí account's books of Pix sent (in memory: a restart starts empty), and the rule
 * that decides each one's fate from the receiving account number, deterministically:
 *
 * | `conta` starts with | outcome |
 * |---|---|
 * | `99999` | `NAO_REALIZADO`, erro AC04 "conta encerrada" (Lastro: `bank_account_closed`) |
 * | `99998` | `NAO_REALIZADO`, erro AC03 "conta inexistente" (Lastro: `invalid_account`) |
 * | `88888` | `REALIZADO`, then returned whole (devolução MD06) after `returnDelayMs` |
 * | `77777` | stays `EM_PROCESSAMENTO` until `POST /embedded/pix/:idEnvio/outcome` decides |
 * | anything else | `REALIZADO` |
 *
 * A Pix to a key (`favorecido.chave`) is paid. Pure apart from the clock and randomness given.
 */

export type EnvioStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

export interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  horario: { solicitacao: string; liquidacao: string };
  status: 'DEVOLVIDO';
  motivo: string;
}

export interface Envio {
  idEnvio: string;
  endToEndId: string;
  valor: string;
  chave: string;
  infoPagador?: string;
  status: EnvioStatus;
  horario: { solicitacao: string; liquidacao?: string };
  favorecido: Record<string, unknown>;
  erro?: { codigo: string; origem: string; motivo: string };
  devolucoes: Devolucao[];
  /** Why the simulator holds it (`77777`): no timer settles it. */
  held: boolean;
  /** Decided at send: what `settle` makes of it. */
  fate: 'paid' | 'failed' | 'returned' | 'held';
}

export type Fate = Envio['fate'];

export const FAILURES = {
  AC04: 'Conta transacional do usuário recebedor encerrada',
  AC03: 'Número da agência e/ou conta transacional do usuário recebedor inexistente ou inválido',
} as const;

export function fateOf(conta: string | undefined): { fate: Fate; codigo?: keyof typeof FAILURES } {
  if (!conta) return { fate: 'paid' };
  if (conta.startsWith('99999')) return { fate: 'failed', codigo: 'AC04' };
  if (conta.startsWith('99998')) return { fate: 'failed', codigo: 'AC03' };
  if (conta.startsWith('88888')) return { fate: 'returned' };
  if (conta.startsWith('77777')) return { fate: 'held' };
  return { fate: 'paid' };
}

/** A Pix end-to-end id: E + ISPB + yyyyMMddHHmm + 11 alphanumerics (32 characters), or D… for a devolução. */
export function spiId(prefix: 'E' | 'D', ispb: string, at: Date, random: () => number = Math.random): string {
  const stamp = at.toISOString().replace(/[-T:]/g, '').slice(0, 12);
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let tail = '';
  for (let i = 0; i < 11; i++) tail += alphabet[Math.floor(random() * alphabet.length)];
  return `${prefix}${ispb}${stamp}${tail}`;
}

export function valorToCents(valor: string): number {
  const [u, c] = valor.split('.');
  return Number(u) * 100 + Number(c);
}

/** What the query (`GET /v2/gn/pix/enviados/…`) answers for a send. */
export function renderEnvio(e: Envio): Record<string, unknown> {
  return {
    endToEndId: e.endToEndId,
    idEnvio: e.idEnvio,
    valor: e.valor,
    chave: e.chave,
    status: e.status,
    ...(e.infoPagador ? { infoPagador: e.infoPagador } : {}),
    horario: e.horario,
    favorecido: e.favorecido,
    ...(e.erro ? { gnExtras: { erro: e.erro } } : {}),
    ...(e.devolucoes.length > 0 ? { devolucoes: e.devolucoes } : {}),
  };
}

/** The webhook entry of a send's change (Efí's "Pix enviado" callback); a return is `tipo: DEVOLUCAO` with its devoluções. */
export function callbackEntry(e: Envio, tipo: 'SOLICITACAO' | 'DEVOLUCAO'): Record<string, unknown> {
  return {
    endToEndId: e.endToEndId,
    chave: e.chave,
    tipo,
    status: tipo === 'DEVOLUCAO' ? 'DEVOLVIDO' : e.status,
    valor: e.valor,
    horario: e.horario.liquidacao ?? null,
    ...(e.infoPagador ? { infoPagador: e.infoPagador } : {}),
    gnExtras: { idEnvio: e.idEnvio, ...(e.erro ? { erro: e.erro } : {}) },
    ...(tipo === 'DEVOLUCAO' ? { devolucoes: e.devolucoes } : {}),
  };
}
