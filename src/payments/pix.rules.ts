/**
 * Pix BR Code ("copia e cola") payloads: EMV-MPM TLV as in Banco Central's "Manual de Padrões
 * para Iniciação do Pix", protected by CRC-16/CCITT-FALSE. Pure: importable from workflow
 * code (no Buffer/TextEncoder; UTF-8 is encoded by hand for the CRC).
 *
 * Field order written: 00 format, 01 point of initiation, 26 merchant account (00 GUI,
 * 01 key | 25 location, 02 description), 52 MCC, 53 currency, 54 amount, 58 country,
 * 59 name, 60 city, 62 additional data (05 txid), 63 CRC.
 */

export type PixPayloadKind = 'dynamic' | 'static';

export interface PixPayloadInput {
  /** dynamic: single use, points at a location (cob/cobv) URL; static: reusable, carries a Pix key. */
  kind: PixPayloadKind;
  /** Pix key (static only): CPF/CNPJ digits, e-mail, +55 phone or random UUID key; up to 77 chars. */
  pixKey?: string;
  /** PSP location URL (dynamic only); a leading `https://` is removed; up to 77 chars. */
  locationUrl?: string;
  /** Integer cents, > 0. Omitted: the payer types the amount (static) or the location sets it (dynamic). */
  amount?: number;
  /** Normalized to unaccented upper-case ASCII and truncated to 25 characters. */
  merchantName: string;
  /** Normalized to unaccented upper-case ASCII and truncated to 15 characters. */
  merchantCity: string;
  /** Static only: up to 25 alphanumerics, default `***`. Dynamic payloads always carry `***`. */
  txid?: string;
  /** Static only: free text shown to the payer (sub-field 02), truncated to fit field 26. */
  description?: string;
}

export interface ParsedPixPayload {
  /** 'dynamic' when the merchant account carries a location URL (sub 25), else 'static'. */
  kind: PixPayloadKind;
  /** True when field 01 is `12` (single use); false when it is `11` or absent. */
  singleUse: boolean;
  pixKey?: string;
  locationUrl?: string;
  description?: string;
  merchantCategoryCode: string;
  currency: string;
  /** Integer cents, when field 54 is present. */
  amount?: number;
  countryCode: string;
  merchantName: string;
  merchantCity: string;
  txid?: string;
  /** The 4 upper-case hex CRC digits as found (and verified). */
  crc: string;
  /** Every top-level field, raw, by its 2-digit id. */
  fields: Record<string, string>;
}

/** Thrown by parsePixPayload for a malformed payload or a wrong CRC. */
export class PixPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PixPayloadError';
  }
}

const PIX_GUI = 'br.gov.bcb.pix';
const NAME_MAX = 25;
const CITY_MAX = 15;
const KEY_OR_URL_MAX = 77;
const FIELD_MAX = 99;

function utf8Bytes(str: string): number[] {
  const bytes: number[] = [];
  for (const ch of str) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return bytes;
}

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, xorout 0) over the UTF-8
 * bytes of `str`, as 4 upper-case hex digits. Check value: crc16ccitt('123456789') = '29B1'.
 */
export function crc16ccitt(str: string): string {
  let crc = 0xffff;
  for (const byte of utf8Bytes(str)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function tlv(id: string, value: string): string {
  if (value.length > FIELD_MAX) throw new RangeError(`BR Code field ${id} is longer than ${FIELD_MAX} characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

function toAscii(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // combining accents: "São" → "Sao", "ç" → "c"
    .replace(/[^\x20-\x7e]/g, '') // anything still outside printable ASCII
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Merchant name/city as the BR Code wants them: unaccented upper-case printable ASCII, single
 * spaces, truncated to `maxLength` (so TLV lengths are unambiguous byte counts).
 */
export function normalizePixText(input: string, maxLength: number): string {
  return toAscii(input).toUpperCase().slice(0, maxLength).trim();
}

/** The BR Code amount (tag 54) is at most 13 characters: `9999999999.99`. */
export const PIX_MAX_CENTS = 999_999_999_999;

/** Formats integer cents as the BR Code amount: `1234` → `12.34`. */
export function formatPixAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError('amount must be a positive integer of cents');
  const s = String(cents).padStart(3, '0');
  const out = `${s.slice(0, -2)}.${s.slice(-2)}`;
  if (out.length > 13) throw new RangeError('amount is too large for a BR Code');
  return out;
}

/**
 * Builds a Pix BR Code payload ("copia e cola", also the QR code content) including its CRC.
 * Throws RangeError for inputs that cannot be represented (missing key/location, wrong kind
 * of field for the kind, bad txid, empty name/city, oversized values).
 */
export function buildPixPayload(input: PixPayloadInput): string {
  const name = normalizePixText(input.merchantName, NAME_MAX);
  const city = normalizePixText(input.merchantCity, CITY_MAX);
  if (!name) throw new RangeError('merchantName is empty after normalization');
  if (!city) throw new RangeError('merchantCity is empty after normalization');

  let account = tlv('00', PIX_GUI);
  let txid = '***';
  if (input.kind === 'static') {
    if (input.locationUrl !== undefined) throw new RangeError('a static payload carries a pixKey, not a locationUrl');
    const key = (input.pixKey ?? '').trim();
    if (!key || key.length > KEY_OR_URL_MAX) throw new RangeError(`pixKey is required, 1-${KEY_OR_URL_MAX} characters`);
    account += tlv('01', key);
    if (input.description !== undefined) {
      const room = FIELD_MAX - account.length - 4;
      const description = toAscii(input.description).slice(0, room).trim();
      if (description) account += tlv('02', description);
    }
    if (input.txid !== undefined && input.txid !== '***') {
      if (!/^[A-Za-z0-9]{1,25}$/.test(input.txid)) throw new RangeError('txid must be 1-25 alphanumerics or ***');
      txid = input.txid;
    }
  } else if (input.kind === 'dynamic') {
    if (input.pixKey !== undefined) throw new RangeError('a dynamic payload carries a locationUrl, not a pixKey');
    if (input.description !== undefined) throw new RangeError('a dynamic payload has no description (it lives at the location)');
    if (input.txid !== undefined && input.txid !== '***') {
      throw new RangeError('a dynamic payload always carries txid *** (the charge txid lives at the location)');
    }
    const url = (input.locationUrl ?? '').trim().replace(/^https?:\/\//i, '');
    if (!url || url.length > KEY_OR_URL_MAX || /^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
      throw new RangeError(`locationUrl is required, without scheme, 1-${KEY_OR_URL_MAX} characters`);
    }
    account += tlv('25', url);
  } else {
    throw new RangeError('kind must be dynamic or static');
  }

  let payload =
    tlv('00', '01') +
    tlv('01', input.kind === 'dynamic' ? '12' : '11') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986');
  if (input.amount !== undefined) payload += tlv('54', formatPixAmount(input.amount));
  payload += tlv('58', 'BR') + tlv('59', name) + tlv('60', city) + tlv('62', tlv('05', txid)) + '6304';
  return payload + crc16ccitt(payload);
}

/** Decodes a TLV sequence into an ordered list of [id, value]; throws on any overrun. */
function decodeTlv(str: string, where: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let i = 0;
  while (i < str.length) {
    const head = str.slice(i, i + 4);
    if (!/^\d{4}$/.test(head)) throw new PixPayloadError(`${where}: bad TLV header at position ${i}`);
    const id = head.slice(0, 2);
    const len = Number(head.slice(2));
    const value = str.slice(i + 4, i + 4 + len);
    if (value.length !== len) throw new PixPayloadError(`${where}: field ${id} overruns the payload`);
    out.push([id, value]);
    i += 4 + len;
  }
  return out;
}

function parseAmount(value: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) throw new PixPayloadError(`field 54: bad amount ${value}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Decodes a BR Code payload and verifies its CRC. Returns the Pix fields; throws
 * PixPayloadError when the TLV is malformed, the CRC is missing or wrong, the payload format
 * is not 01, there is no `br.gov.bcb.pix` merchant account (ids 26-51), or a mandatory field
 * (52, 53, 58, 59, 60) is missing. Lengths are counted in characters (ASCII payloads).
 */
export function parsePixPayload(str: string): ParsedPixPayload {
  const payload = str.trim();
  const crcAt = payload.length - 8;
  if (crcAt < 0 || payload.slice(crcAt, crcAt + 4) !== '6304') {
    throw new PixPayloadError('the payload must end with the CRC field 6304XXXX');
  }
  const crc = payload.slice(crcAt + 4);
  if (!/^[0-9A-Fa-f]{4}$/.test(crc)) throw new PixPayloadError('the CRC must be 4 hex digits');
  const expected = crc16ccitt(payload.slice(0, crcAt + 4));
  if (crc.toUpperCase() !== expected) throw new PixPayloadError(`CRC mismatch: found ${crc}, computed ${expected}`);

  const entries = decodeTlv(payload, 'payload');
  const fields: Record<string, string> = {};
  for (const [id, value] of entries) {
    if (id in fields) throw new PixPayloadError(`field ${id} appears twice`);
    fields[id] = value;
  }
  if (entries[0]?.[0] !== '00' || fields['00'] !== '01') throw new PixPayloadError('field 00 must come first with value 01');
  if (entries[entries.length - 1][0] !== '63') throw new PixPayloadError('field 63 (CRC) must be the last');

  let account: Record<string, string> | undefined;
  for (let id = 26; id <= 51 && !account; id++) {
    const raw = fields[String(id)];
    if (raw === undefined) continue;
    const subs = Object.fromEntries(decodeTlv(raw, `field ${id}`));
    if (subs['00']?.toLowerCase() === PIX_GUI) account = subs;
  }
  if (!account) throw new PixPayloadError('no br.gov.bcb.pix merchant account (fields 26-51)');
  if (account['01'] === undefined && account['25'] === undefined) {
    throw new PixPayloadError('the merchant account has neither a Pix key (01) nor a location (25)');
  }
  for (const id of ['52', '53', '58', '59', '60']) {
    if (fields[id] === undefined) throw new PixPayloadError(`mandatory field ${id} is missing`);
  }
  const additional = fields['62'] !== undefined ? Object.fromEntries(decodeTlv(fields['62'], 'field 62')) : {};

  const result: ParsedPixPayload = {
    kind: account['25'] !== undefined ? 'dynamic' : 'static',
    singleUse: fields['01'] === '12',
    merchantCategoryCode: fields['52'],
    currency: fields['53'],
    countryCode: fields['58'],
    merchantName: fields['59'],
    merchantCity: fields['60'],
    crc: crc.toUpperCase(),
    fields,
  };
  if (account['01'] !== undefined) result.pixKey = account['01'];
  if (account['25'] !== undefined) result.locationUrl = account['25'];
  if (account['02'] !== undefined) result.description = account['02'];
  if (fields['54'] !== undefined) result.amount = parseAmount(fields['54']);
  if (additional['05'] !== undefined) result.txid = additional['05'];
  return result;
}

/** A dynamic Pix txid is 26-35 alphanumerics: the payment id's 26 random characters, upper-cased. */
export const pixTxid = (paymentId: string): string => paymentId.replace(/^pay_/, '').toUpperCase();

/** The payment a txid names (the inverse of pixTxid), or null for a txid Lastro did not make. */
export function paymentIdOfTxid(txid: string): string | null {
  return /^[A-Z2-7]{26}$/.test(txid) ? `pay_${txid.toLowerCase()}` : null;
}

/** A Pix refund's id at the PSP (`devolucao/{id}`: 1-35 alphanumerics): the refund id's random part. */
export const pixRefundId = (refundId: string): string => refundId.replace(/^ref_/, '');
