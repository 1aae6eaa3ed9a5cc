/**
 * The hosted card fields' message protocol between the merchant's page (the browser SDK) and
 * the iframe Lastro serves, and the merchant's styling (only typography and colours, never
 * anything that loads or hides content). Bundled into both sides, and kept apart from the
 * card rules so the SDK stays small. No I/O, no DOM.
 */

/** Every message of the protocol carries this tag; anything else on the window is someone else's. */
export const FIELDS_TAG = 'lastro-card-fields';

/** Parent → iframe. */
export type ParentMessage =
  | { tag: typeof FIELDS_TAG; type: 'style'; style: FieldsStyle }
  | { tag: typeof FIELDS_TAG; type: 'tokenize'; requestId: string; holder: string; document: string }
  | { tag: typeof FIELDS_TAG; type: 'clear' };

/** Iframe → parent: never a card number, expiry or CVV, only their state and the token. */
export type FrameMessage =
  | { tag: typeof FIELDS_TAG; type: 'ready'; height: number }
  | { tag: typeof FIELDS_TAG; type: 'change'; complete: boolean; empty: boolean; brand: string | null; errors: CardFieldErrors }
  | { tag: typeof FIELDS_TAG; type: 'token'; requestId: string; tokenId: string }
  | { tag: typeof FIELDS_TAG; type: 'error'; requestId: string; message: string; status?: number; details?: Array<{ path: string; message: string }> };

export type CardFieldName = 'number' | 'expiry' | 'cvv';
export type CardFieldErrors = Partial<Record<CardFieldName, 'incomplete' | 'invalid'>>;

/**
 * A message is the protocol's only when it comes from the window expected (the iframe's
 * parent, or the SDK's own iframe) at the origin expected, and carries the tag: another frame
 * of the page, a browser extension or a page that opened this one is ignored.
 */
export function isTrustedMessage(event: { source: unknown; origin: string; data: unknown }, expected: { source: unknown; origin: string }): boolean {
  return event.source !== null && event.source === expected.source && event.origin === expected.origin && (event.data as { tag?: unknown } | null)?.tag === FIELDS_TAG;
}

/** What a parent may send, checked field by field (a message is data from another origin). */
export function parseParentMessage(data: unknown): ParentMessage | null {
  const m = data as Record<string, unknown> | null;
  if (!m || typeof m !== 'object' || m.tag !== FIELDS_TAG) return null;
  if (m.type === 'clear') return { tag: FIELDS_TAG, type: 'clear' };
  if (m.type === 'style') return { tag: FIELDS_TAG, type: 'style', style: sanitizeStyle(m.style) };
  if (m.type === 'tokenize' && isShortString(m.requestId, 100) && isShortString(m.holder, 255, 0) && isShortString(m.document, 32, 0)) {
    return { tag: FIELDS_TAG, type: 'tokenize', requestId: m.requestId, holder: m.holder, document: m.document };
  }
  return null;
}

const isShortString = (v: unknown, max: number, min = 1): v is string => typeof v === 'string' && v.length >= min && v.length <= max;

/** What a merchant may style: typography and colours, per state (`base`, `invalid`, `focus`). */
export const STYLE_PROPERTIES = ['color', 'backgroundColor', 'borderColor', 'fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'letterSpacing', 'lineHeight', 'textTransform', 'placeholderColor', 'labelColor'] as const;
export type StyleProperty = (typeof STYLE_PROPERTIES)[number];
export type FieldsStyle = Partial<Record<'base' | 'invalid' | 'focus', Partial<Record<StyleProperty, string>>>>;

/**
 * Keeps the allowed properties with plain values: no `url(`, no escapes, no declarations
 * smuggled in (`;`, braces) and nothing long. What is dropped is dropped silently, as a
 * browser drops an unknown CSS property.
 */
export function sanitizeStyle(input: unknown): FieldsStyle {
  const out: FieldsStyle = {};
  if (!input || typeof input !== 'object') return out;
  for (const state of ['base', 'invalid', 'focus'] as const) {
    const given = (input as Record<string, unknown>)[state];
    if (!given || typeof given !== 'object') continue;
    const kept: Partial<Record<StyleProperty, string>> = {};
    for (const prop of STYLE_PROPERTIES) {
      const value = (given as Record<string, unknown>)[prop];
      if (typeof value === 'string' && value.length <= 100 && /^[\w\s#%.,'"()+-]*$/.test(value) && !/url\s*\(|expression\s*\(/i.test(value)) kept[prop] = value;
    }
    out[state] = kept;
  }
  return out;
}

