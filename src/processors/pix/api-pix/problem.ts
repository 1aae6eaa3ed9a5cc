/**
 * Error bodies a PSP answers: RFC 7807 problems as the API Pix writes them (`type`
 * `https://pix.bcb.gov.br/api/v2/error/<TipoErro>`, `title`, `detail`, `violacoes`) and OAuth2's
 * `{error, error_description}` from the token endpoint. What they say goes into Lastro's error
 * messages and logs, so documents a PSP echoes back (a payer's CPF or CNPJ) are masked and a
 * violation's `valor` is left out.
 */

const TYPE_BASE = 'https://pix.bcb.gov.br/api/v2/error/';

export interface Problem {
  /** `<TipoErro>` when `type` is an API Pix error type, else null (`about:blank`, another URI). */
  tipo: string | null;
  text: string;
}

const CPF = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g;
const CNPJ = /\b[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}\b/g;

export function redact(s: string): string {
  return s.replace(CPF, '[documento]').replace(CNPJ, '[documento]');
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** The problem in an error body, or null when the body is not one (HTML from a proxy, empty). */
export function problemOf(body: unknown): Problem | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const type = str(b.type);
  const oauth = str(b.error);
  if (!type && !str(b.title) && !oauth) return null;
  const parts = [oauth, str(b.error_description), str(b.title), str(b.detail)].filter((x): x is string => x !== null);
  if (Array.isArray(b.violacoes)) {
    for (const v of b.violacoes as Array<Record<string, unknown>>) {
      const what = [str(v?.propriedade), str(v?.razao)].filter(Boolean).join(': ');
      if (what) parts.push(what);
    }
  }
  const tipo = type?.startsWith(TYPE_BASE) ? type.slice(TYPE_BASE.length) || null : null;
  return { tipo, text: redact(parts.join('; ')).slice(0, 500) };
}
