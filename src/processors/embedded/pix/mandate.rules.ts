import { crc16ccitt } from '../../../payments/pix.rules';

/**
 * Pure rules of Pix Automático at the embedded PSP (API Pix 2.9.0 `rec`, `solicrec`, `cobr`, and
 * the Central Bank's Pix Automático regulation the document leaves out): identifiers, the cycle a
 * due date falls in, the window a recurring charge is scheduled in, and when a failed charge may
 * be tried again. No I/O, no clock: callers pass dates (`YYYY-MM-DD`, Brasília's calendar day).
 */

export type Periodicidade = 'SEMANAL' | 'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';
export type PoliticaRetentativa = 'NAO_PERMITE' | 'PERMITE_3R_7D';

/** `idRec` and `idSolicRec`: 29 alphanumerics. */
export const REC_ID_RE = /^[a-zA-Z0-9]{29}$/;
export const isRecId = (s: string): boolean => REC_ID_RE.test(s);

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * An id of the BCB's shape for a recurrence (`RR`) or a request to confirm one (`SC`): the prefix,
 * the PSP's ISPB (8 digits), the day `yyyyMMdd` and 11 alphanumerics picked by `random`.
 */
export function recId(prefix: 'RR' | 'SC', ispb: string, day: string, random: () => number): string {
  if (!/^\d{8}$/.test(ispb)) throw new Error(`ISPB must be 8 digits: ${ispb}`);
  let tail = '';
  for (let i = 0; i < 11; i++) tail += ALNUM[Math.floor(random() * ALNUM.length) % ALNUM.length];
  return `${prefix}${ispb}${day.replace(/-/g, '')}${tail}`;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

const MONTHS: Record<Exclude<Periodicidade, 'SEMANAL'>, number> = { MENSAL: 1, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/**
 * The cycle (0 = the one starting on `dataInicial`) a due date falls in; negative before the
 * first. A month-based cycle starts on the same day of the month as `dataInicial`.
 */
export function cycleOf(dataInicial: string, periodicidade: Periodicidade, date: string): number {
  if (periodicidade === 'SEMANAL') return Math.floor(daysBetween(dataInicial, date) / 7);
  const [y1, m1, d1] = dataInicial.split('-').map(Number);
  const [y2, m2, d2] = date.split('-').map(Number);
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return Math.floor(months / MONTHS[periodicidade]);
}

/**
 * The regulation's window: a recurring charge is sent to the payer's PSP from 10 to 2 days before
 * its due date. `today` is the day the charge is created.
 */
export const SCHEDULE_MIN_DAYS = 2;
export const SCHEDULE_MAX_DAYS = 10;
export function outsideScheduleWindow(today: string, dueDate: string): string | null {
  const ahead = daysBetween(today, dueDate);
  if (ahead < SCHEDULE_MIN_DAYS) return `A cobrança recorrente deve ser agendada com ao menos ${SCHEDULE_MIN_DAYS} dias de antecedência do vencimento.`;
  if (ahead > SCHEDULE_MAX_DAYS) return `A cobrança recorrente não pode ser agendada com mais de ${SCHEDULE_MAX_DAYS} dias de antecedência do vencimento.`;
  return null;
}

/** `PERMITE_3R_7D`: up to 3 retries, each on a day within 7 days after the due date. */
export const MAX_RETRIES = 3;
export const RETRY_WINDOW_DAYS = 7;

/** Rejection codes of a tentativa that end its recurring charge (the document's `rejeicao.codigo`). */
export const FATAL_ATTEMPT_CODES = new Set(['AC05', 'AM09', 'DENC', 'DS27', 'DTED', 'MIDI', 'MSUC', 'NITX', 'RC09']);

/** Why a retry on `date` is refused, or null: the policy, the count, the day (future, within the window). */
export function retryRefusal(input: { policy: PoliticaRetentativa; retriesSoFar: number; pending: boolean; today: string; dueDate: string; date: string }): string | null {
  if (input.policy !== 'PERMITE_3R_7D') return 'A política configurada na recorrência não permite retentativa de cobrança.';
  if (input.pending) return 'Existe uma tentativa não finalizada.';
  if (input.retriesSoFar >= MAX_RETRIES) return `A cobrança já teve ${MAX_RETRIES} retentativas.`;
  if (daysBetween(input.today, input.date) < 1) return 'O parâmetro data não corresponde a uma data futura.';
  if (daysBetween(input.dueDate, input.date) > RETRY_WINDOW_DAYS) return `A retentativa deve ocorrer em até ${RETRY_WINDOW_DAYS} dias após o vencimento.`;
  return null;
}

/** Whether a failed charge can still be retried: the policy allows it, retries remain and the window is open. */
export function retriesLeft(policy: PoliticaRetentativa, retriesSoFar: number, today: string, dueDate: string): boolean {
  return policy === 'PERMITE_3R_7D' && retriesSoFar < MAX_RETRIES && daysBetween(dueDate, today) < RETRY_WINDOW_DAYS;
}

/**
 * A composite BR Code (journeys 3 and 4): the charge's own dynamic BR Code with the
 * recurrence's location appended as field 80 (GUI `br.gov.bcb.pix`, 25 the location), the CRC
 * recomputed: the payer's app pays the charge and is offered the recurrence in one reading.
 */
export function compositeBrCode(chargeBrCode: string, recLocation: string): string {
  const tlv = (id: string, v: string) => `${id}${String(v.length).padStart(2, '0')}${v}`;
  if (!/6304[0-9A-F]{4}$/.test(chargeBrCode)) throw new RangeError('the charge BR Code does not end with its CRC (6304)');
  const payload = `${chargeBrCode.slice(0, -8)}${tlv('80', tlv('00', 'br.gov.bcb.pix') + tlv('25', recLocation))}6304`;
  return payload + crc16ccitt(payload);
}
