import { startEmbeddedProcess, type EmbeddedProcess } from './embedded-process';

/**
 * The embedded acquirer (Cielo's E-commerce API 3.0) as a child process, as a test drives it:
 * `node --import tsx src/processors/embedded/main.ts cielo --port 0 [args]`, its one JSON line read
 * from stdout (`embedded-process.ts`). `api` calls Cielo's API with the acquirer's credentials.
 */

export interface EmbeddedCieloInfo {
  baseUrl: string;
  queryUrl: string;
  merchantId: string;
  merchantKey: string;
}

export interface CieloAnswer {
  status: number;
  headers: Headers;
  body: any;
}

export interface EmbeddedCieloProcess extends EmbeddedProcess<EmbeddedCieloInfo> {
  /** A call of Cielo's API: GET on `queryUrl`, the rest on `baseUrl`, with `MerchantId` and `MerchantKey` unless `headers` replaces them. */
  api(method: string, p: string, body?: unknown, headers?: Record<string, string>): Promise<CieloAnswer>;
}

export async function startEmbeddedCielo(args: string[] = [], opts: { startupMs?: number } = {}): Promise<EmbeddedCieloProcess> {
  const proc = await startEmbeddedProcess<EmbeddedCieloInfo>('cielo', 'embedded Cielo acquirer', args, opts);
  const { info } = proc;
  return {
    ...proc,
    async api(method, p, body, headers) {
      const res = await fetch(`${method === 'GET' ? info.queryUrl : info.baseUrl}${p}`, {
        method,
        headers: { ...(headers ?? { MerchantId: info.merchantId, MerchantKey: info.merchantKey }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text || undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON (a 404 of no route): the text as it came
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
  };
}
