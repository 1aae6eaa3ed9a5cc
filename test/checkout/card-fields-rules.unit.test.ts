import { FIELDS_TAG, isTrustedMessage, parseParentMessage, sanitizeStyle } from '../../src/checkout/fields/card-fields.protocol';
import { cardFieldsState, cardToTokenize, fieldsLocale, parseParentOrigin } from '../../src/checkout/fields/card-fields.rules';

const parent = { name: 'parent' };
const now = new Date('2026-11-29T12:00:00Z');

describe('hosted card fields rules', () => {
  it('trust a message only from the expected window, at the expected origin, with the tag', () => {
    const expected = { source: parent, origin: 'https://shop.example' };
    const data = { tag: FIELDS_TAG, type: 'clear' };
    expect(isTrustedMessage({ source: parent, origin: 'https://shop.example', data }, expected)).toBe(true);
    expect(isTrustedMessage({ source: { name: 'sibling' }, origin: 'https://shop.example', data }, expected)).toBe(false);
    expect(isTrustedMessage({ source: parent, origin: 'https://evil.example', data }, expected)).toBe(false);
    expect(isTrustedMessage({ source: parent, origin: 'https://shop.example', data: { type: 'clear' } }, expected)).toBe(false);
    expect(isTrustedMessage({ source: null, origin: 'https://shop.example', data }, { source: null, origin: 'https://shop.example' })).toBe(false);
  });

  it('parse only the protocol\'s messages, field by field', () => {
    expect(parseParentMessage({ tag: FIELDS_TAG, type: 'tokenize', requestId: 'r1', holder: 'Maria', document: '52998224725' })).toEqual({ tag: FIELDS_TAG, type: 'tokenize', requestId: 'r1', holder: 'Maria', document: '52998224725' });
    expect(parseParentMessage({ tag: FIELDS_TAG, type: 'tokenize', requestId: '', holder: 'Maria', document: '1' })).toBeNull();
    expect(parseParentMessage({ tag: FIELDS_TAG, type: 'tokenize', requestId: 'r', holder: 7, document: '1' })).toBeNull();
    expect(parseParentMessage({ tag: FIELDS_TAG, type: 'reveal' })).toBeNull();
    expect(parseParentMessage('clear')).toBeNull();
  });

  it('take an exact origin as the parent, nothing more', () => {
    expect(parseParentOrigin('https://shop.example')).toBe('https://shop.example');
    expect(parseParentOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    for (const bad of ['https://shop.example/', 'https://shop.example/pay', 'https://u:p@shop.example', '*', 'javascript:alert(1)', 'shop.example', undefined]) expect(parseParentOrigin(bad)).toBeNull();
  });

  it('keep typography and colours, drop anything else', () => {
    expect(sanitizeStyle({ base: { color: '#112233', fontSize: '16px', fontFamily: '"Inter", sans-serif', position: 'fixed' }, invalid: { color: 'red; background: url(x)' }, other: { color: 'red' } })).toEqual({
      base: { color: '#112233', fontSize: '16px', fontFamily: '"Inter", sans-serif' },
      invalid: {},
    });
    expect(sanitizeStyle({ base: { backgroundColor: 'url(https://evil.example/x)' } })).toEqual({ base: {} });
    expect(sanitizeStyle('color: red')).toEqual({});
  });

  it('speak pt-BR unless told en or es', () => {
    expect([fieldsLocale(undefined), fieldsLocale('en'), fieldsLocale('es-MX'), fieldsLocale('fr')]).toEqual(['pt-BR', 'en-US', 'es-ES', 'pt-BR']);
  });

  it('tell the parent which field is wrong, and tokenize digits with the expiry as MM/YYYY', () => {
    expect(cardFieldsState({ number: '4111 1111 1111 1111', expiry: '12/29', cvv: '123' }, now)).toEqual({ complete: true, empty: false, brand: 'visa', errors: {} });
    expect(cardFieldsState({ number: '4111 1111 1111 1112', expiry: '01/20', cvv: '12' }, now)).toEqual({ complete: false, empty: false, brand: 'visa', errors: { number: 'invalid', expiry: 'invalid', cvv: 'incomplete' } });
    expect(cardFieldsState({ number: '', expiry: '', cvv: '' }, now)).toMatchObject({ complete: false, empty: true });
    expect(cardToTokenize({ number: '4111 1111 1111 1111', expiry: '12/29', cvv: '123' }, 'Maria', '529.982.247-25')).toEqual({ number: '4111111111111111', holder: 'Maria', document: '52998224725', cvv: '123', expiration: '12/2029' });
  });
});
