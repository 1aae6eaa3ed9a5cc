import { isPayerProblem, issuerAddressOf, resolveBoletoPayer } from '../../src/payments/boleto-payer.rules';

const address = { street: 'Rua Augusta', number: '100', complement: null, neighborhood: 'Consolação', city: 'São Paulo', state: 'sp', zipCode: '01305-000', country: 'BR' };
const customer = { name: 'Maria Silva', document: '529.982.247-25', address: null };

describe("a boleto's payer", () => {
  it("the payment's own payer wins over the customer; the document normalized, the address the issuer's shape", () => {
    const payer = resolveBoletoPayer({ name: ' Loja Exemplo ', document: '11.222.333/0001-81', address }, customer);
    expect(payer).toEqual({ name: 'Loja Exemplo', document: '11222333000181', address: { street: 'Rua Augusta, 100', city: 'São Paulo', state: 'SP', zipCode: '01305000', neighborhood: 'Consolação' } });
  });

  it('without a payer of its own, the customer', () => {
    expect(resolveBoletoPayer(undefined, customer)).toEqual({ name: 'Maria Silva', document: '52998224725', address: null });
  });

  it('neither: boleto_payer_required', () => {
    const r = resolveBoletoPayer(undefined, null);
    expect(isPayerProblem(r) && r.code).toBe('boleto_payer_required');
  });

  it.each([
    ['wrong check digits', { name: 'Maria', document: '529.982.247-24' }],
    ['a passport', { name: 'Maria', document: 'AB123456' }],
    ['all the same digit', { name: 'Maria', document: '111.111.111-11' }],
    ['a name of one letter', { name: ' M ', document: '52998224725' }],
  ])('%s: boleto_payer_invalid', (_, given) => {
    const r = resolveBoletoPayer(given, null);
    expect(isPayerProblem(r) && r.code).toBe('boleto_payer_invalid');
  });

  it("a customer's passport is boleto_payer_invalid, naming the customer", () => {
    const r = resolveBoletoPayer(undefined, { name: 'John Doe', document: 'X1234567' });
    expect(r).toEqual({ code: 'boleto_payer_invalid', message: expect.stringContaining('the customer') });
  });

  it('an address the issuer cannot print whole (no street, a state that is no UF, a short CEP) is left out, not sent in part', () => {
    expect(issuerAddressOf({ ...address, street: null })).toBeNull();
    expect(issuerAddressOf({ ...address, state: 'São Paulo' })).toBeNull();
    expect(issuerAddressOf({ ...address, zipCode: '0130' })).toBeNull();
    expect(issuerAddressOf({ ...address, neighborhood: null })).toMatchObject({ neighborhood: undefined, state: 'SP' });
  });
});
