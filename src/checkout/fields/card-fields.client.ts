/**
 * The script of the hosted card fields (the iframe at /checkout/fields/card). The buyer types
 * the number, expiry and CVV here, on Lastro's origin; the merchant's page gets only the
 * fields' state and, on its request, a token. The card goes from here to
 * POST /v1/tokens/cards on this same origin.
 */
import { maskCardNumber, maskExpiry } from '../page/checkout.rules';
import { FIELDS_TAG, isTrustedMessage, parseParentMessage, type CardFieldName, type FieldsStyle, type FrameMessage } from './card-fields.protocol';
import { cardFieldsState, cardToTokenize } from './card-fields.rules';

interface PageData {
  companyId: string;
  parentOrigin: string;
}

const data = JSON.parse(document.getElementById('lastro-fields-data')!.textContent!) as PageData;
const inputs: Record<CardFieldName, HTMLInputElement> = {
  number: document.getElementById('number') as HTMLInputElement,
  expiry: document.getElementById('expiry') as HTMLInputElement,
  cvv: document.getElementById('cvv') as HTMLInputElement,
};
const FAILED = 'Failed to generate any tokens';
let style: FieldsStyle = {};

// Framed by anyone else than the declared parent (CSP frame-ancestors already refuses that),
// or opened on its own, the fields stay inert.
const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
const framedByParent = window.parent !== window && (!ancestors || ancestors[0] === data.parentOrigin);

function send(message: FrameMessage): void {
  if (framedByParent) window.parent.postMessage(message, data.parentOrigin);
}

const values = (): Record<CardFieldName, string> => ({ number: inputs.number.value, expiry: inputs.expiry.value, cvv: inputs.cvv.value });

function applyStyle(): void {
  const state = cardFieldsState(values(), new Date());
  for (const name of ['number', 'expiry', 'cvv'] as const) {
    const input = inputs[name];
    const invalid = state.errors[name] === 'invalid';
    const focused = document.activeElement === input;
    const s = { ...style.base, ...(focused ? style.focus : {}), ...(invalid ? style.invalid : {}) };
    input.setAttribute('aria-invalid', String(invalid));
    // CSSOM properties, not a style attribute: the page's CSP allows no inline style.
    input.style.color = s.color ?? '';
    input.style.backgroundColor = s.backgroundColor ?? '';
    input.style.borderColor = s.borderColor ?? '';
    input.style.fontFamily = s.fontFamily ?? '';
    input.style.fontSize = s.fontSize ?? '';
    input.style.fontWeight = s.fontWeight ?? '';
    input.style.fontStyle = s.fontStyle ?? '';
    input.style.letterSpacing = s.letterSpacing ?? '';
    input.style.lineHeight = s.lineHeight ?? '';
    input.style.textTransform = s.textTransform ?? '';
    input.style.setProperty('--placeholder', s.placeholderColor ?? '');
  }
  document.body.style.setProperty('--label', style.base?.labelColor ?? '');
  document.body.style.fontFamily = style.base?.fontFamily ?? '';
}

function onInput(): void {
  inputs.number.value = maskCardNumber(inputs.number.value);
  inputs.expiry.value = maskExpiry(inputs.expiry.value);
  inputs.cvv.value = inputs.cvv.value.replace(/\D/g, '').slice(0, 4);
  applyStyle();
  const { complete, empty, brand, errors } = cardFieldsState(values(), new Date());
  send({ tag: FIELDS_TAG, type: 'change', complete, empty, brand, errors });
}

async function tokenize(requestId: string, holder: string, holderDocument: string): Promise<void> {
  const state = cardFieldsState(values(), new Date());
  if (!state.complete) {
    const details = Object.entries(state.errors).map(([field, problem]) => ({ path: `card.${field}`, message: problem }));
    send({ tag: FIELDS_TAG, type: 'error', requestId, message: FAILED, details });
    return;
  }
  try {
    const res = await fetch('/v1/tokens/cards', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ companyId: data.companyId, card: cardToTokenize(values(), holder, holderDocument) }),
      credentials: 'omit',
      cache: 'no-store',
    });
    const body = (await res.json().catch(() => null)) as { tokenId?: string; error?: { details?: Array<{ path: string; message: string }> } } | null;
    if (res.ok && typeof body?.tokenId === 'string') send({ tag: FIELDS_TAG, type: 'token', requestId, tokenId: body.tokenId });
    else if (res.status === 400) send({ tag: FIELDS_TAG, type: 'error', requestId, message: FAILED, details: body?.error?.details });
    else send({ tag: FIELDS_TAG, type: 'error', requestId, message: `Lastro: tokenization failed with HTTP ${res.status}`, status: res.status });
  } catch (err) {
    send({ tag: FIELDS_TAG, type: 'error', requestId, message: `Lastro: network error (${(err as Error).message})`, status: 0 });
  }
}

window.addEventListener('message', (event) => {
  if (!framedByParent || !isTrustedMessage(event, { source: window.parent, origin: data.parentOrigin })) return;
  const message = parseParentMessage(event.data);
  if (!message) return;
  if (message.type === 'style') {
    style = message.style;
    applyStyle();
  } else if (message.type === 'clear') {
    for (const input of Object.values(inputs)) input.value = '';
    onInput();
  } else {
    void tokenize(message.requestId, message.holder, message.document);
  }
});

for (const input of Object.values(inputs)) {
  input.addEventListener('input', onInput);
  input.addEventListener('focus', applyStyle);
  input.addEventListener('blur', applyStyle);
}
send({ tag: FIELDS_TAG, type: 'ready', height: Math.ceil(document.documentElement.scrollHeight) });
