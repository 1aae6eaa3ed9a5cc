import type { CardFields as CardFieldsApi, CardFieldsChange, CardToken, FieldsOptions, FieldsTokenInput } from './lastro';
import { FIELDS_TAG, isTrustedMessage, sanitizeStyle, type FrameMessage, type ParentMessage } from '../checkout/fields/card-fields.protocol';

/**
 * Hosted card fields: the number, expiry and CVV are typed into an iframe on Lastro's origin,
 * which tokenizes them itself; this page only ever sees the fields' state and the token. The
 * two talk by postMessage, each addressing the other's exact origin and accepting messages
 * only from the other's window at that origin.
 */

const DEFAULT_TIMEOUT_MS = 15_000;
let nextRequest = 0;

type Handlers = { ready: Array<() => void>; change: Array<(change: CardFieldsChange) => void> };

class CardFields implements CardFieldsApi {
  private readonly apiOrigin: string;
  private readonly src: string;
  private readonly timeout: number;
  private readonly style: ReturnType<typeof sanitizeStyle>;
  private frame: HTMLIFrameElement | null = null;
  private ready = false;
  private readonly handlers: Handlers = { ready: [], change: [] };
  private readonly pending = new Map<string, { resolve(token: CardToken): void; reject(err: Error): void; timer: ReturnType<typeof setTimeout> }>();
  private readonly listener = (event: MessageEvent): void => this.receive(event);

  constructor(options: FieldsOptions) {
    if (!options || typeof options.companyId !== 'string' || options.companyId === '') throw new TypeError('Lastro.fields: companyId is required');
    if (typeof options.apiUrl !== 'string' || options.apiUrl === '') throw new TypeError('Lastro.fields: apiUrl is required');
    this.apiOrigin = new URL(options.apiUrl).origin;
    const query = new URLSearchParams({ companyId: options.companyId, origin: window.location.origin, locale: options.locale ?? 'pt-BR' });
    this.src = `${options.apiUrl.replace(/\/+$/, '')}/checkout/fields/card?${query.toString()}`;
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.style = sanitizeStyle(options.style);
  }

  mount(target: string | HTMLElement): void {
    const host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new TypeError(`Lastro.fields: nothing matches ${String(target)}`);
    if (this.frame) throw new Error('Lastro.fields: already mounted');
    const frame = document.createElement('iframe');
    frame.src = this.src;
    frame.title = 'Lastro card fields';
    frame.setAttribute('allowtransparency', 'true');
    frame.style.cssText = 'border:0;width:100%;height:150px;display:block;overflow:hidden;background:transparent';
    this.frame = frame;
    window.addEventListener('message', this.listener);
    host.appendChild(frame);
  }

  on(event: 'ready', handler: () => void): void;
  on(event: 'change', handler: (change: CardFieldsChange) => void): void;
  on(event: 'ready' | 'change', handler: ((change: CardFieldsChange) => void) | (() => void)): void {
    if (event === 'ready') {
      this.handlers.ready.push(handler as () => void);
      if (this.ready) (handler as () => void)();
    } else this.handlers.change.push(handler);
  }

  createToken(input: FieldsTokenInput): Promise<CardToken> {
    if (!this.frame || !this.ready) return Promise.reject(new Error('Lastro.fields: not ready (mount the fields and wait for "ready")'));
    const requestId = `req_${++nextRequest}_${Date.now().toString(36)}`;
    return new Promise<CardToken>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new Error('Timeout'));
      }, this.timeout);
      this.pending.set(requestId, { resolve, reject, timer });
      this.post({ tag: FIELDS_TAG, type: 'tokenize', requestId, holder: input?.holder ?? '', document: input?.document ?? '' });
    });
  }

  clear(): void {
    this.post({ tag: FIELDS_TAG, type: 'clear' });
  }

  destroy(): void {
    window.removeEventListener('message', this.listener);
    this.frame?.remove();
    this.frame = null;
    this.ready = false;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('Lastro.fields: destroyed'));
      this.pending.delete(id);
    }
  }

  private post(message: ParentMessage): void {
    this.frame?.contentWindow?.postMessage(message, this.apiOrigin);
  }

  private receive(event: MessageEvent): void {
    if (!this.frame || !isTrustedMessage(event, { source: this.frame.contentWindow, origin: this.apiOrigin })) return;
    const message = event.data as FrameMessage;
    if (message.type === 'ready') {
      this.ready = true;
      if (typeof message.height === 'number' && message.height > 0 && message.height < 1000) this.frame.style.height = `${message.height}px`;
      this.post({ tag: FIELDS_TAG, type: 'style', style: this.style });
      for (const h of this.handlers.ready) h();
    } else if (message.type === 'change') {
      const change: CardFieldsChange = { complete: message.complete === true, empty: message.empty === true, brand: typeof message.brand === 'string' ? message.brand : null, errors: { ...message.errors } };
      for (const h of this.handlers.change) h(change);
    } else if (message.type === 'token' || message.type === 'error') {
      const p = this.pending.get(message.requestId);
      if (!p) return;
      this.pending.delete(message.requestId);
      clearTimeout(p.timer);
      if (message.type === 'token') p.resolve({ tokenId: message.tokenId });
      else {
        const err = new Error(message.message) as Error & { status?: number; details?: unknown };
        if (message.status !== undefined) err.status = message.status;
        if (Array.isArray(message.details)) err.details = message.details;
        p.reject(err);
      }
    }
  }
}

/** `Lastro.fields({ companyId, apiUrl, locale?, style? })`: card fields to mount on the page. */
export function fields(options: FieldsOptions): CardFieldsApi {
  return new CardFields(options);
}
