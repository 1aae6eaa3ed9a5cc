/**
 * The statement as CSV (pure, no I/O): RFC 4180 fields and records, amounts in cents and in
 * pt-BR (`1.234,56`), dates ISO 8601. The service streams the rows; this file only shapes them.
 */
import type { StatementEntryView } from './wallets.schemas';

/** Makes Excel and LibreOffice read the file as UTF-8 (accents in descriptions). */
export const UTF8_BOM = '\uFEFF';

/** The columns, in order: the JSON statement entry's fields, plus the amount formatted. */
export const STATEMENT_CSV_COLUMNS = [
  'id',
  'createdAt',
  'type',
  'source',
  'sourceId',
  'description',
  'currency',
  'amount',
  'amountFormatted',
  'releaseStatus',
  'releaseAt',
  'walletId',
  'postingId',
] as const;

/**
 * One RFC 4180 field: quoted when it holds a comma, a quote, a CR or LF (a quote doubled inside);
 * also when it starts with a character a spreadsheet reads as a formula (`=`, `+`, `-`, `@`, tab),
 * which is then prefixed with `'` (OWASP's CSV injection advice), except a plain negative number.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d[\d.,]*$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export const csvRecord = (fields: Array<string | number | null>): string => `${fields.map(csvField).join(',')}\r\n`;

/** Integer cents in pt-BR: thousands with `.`, decimals with `,`, a leading `-` for debits (`-1.234,56`). */
export function formatCentsPtBr(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = BigInt(Math.abs(cents));
  const units = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${units},${(abs % 100n).toString().padStart(2, '0')}`;
}

export const statementCsvHeader = (): string => UTF8_BOM + csvRecord([...STATEMENT_CSV_COLUMNS]);

export function statementCsvRow(e: StatementEntryView): string {
  return csvRecord([
    e.id,
    e.createdAt,
    e.type,
    e.source,
    e.sourceId,
    e.description,
    e.currency,
    e.amount,
    formatCentsPtBr(e.amount),
    e.releaseStatus,
    e.releaseAt,
    e.walletId,
    e.postingId,
  ]);
}
