import { buyerDocument, checkHolder, type BuyerRecords } from '../../src/refunds/refund-buyer.rules';
import { withCheckDigits } from '../../src/shared/documents';

const none: BuyerRecords = { payer: null, checkoutForm: null, customer: null };
const ana = withCheckDigits('529982247');
const bia = withCheckDigits('111444777');
const cnpj = withCheckDigits('112223330001');

describe('buyerDocument', () => {
  it('is the checkout form’s document for a hosted-checkout sale (no customer), in canonical form', () => {
    expect(buyerDocument({ ...none, checkoutForm: ana.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') })).toBe(ana);
  });

  it('is the customer’s document for an API sale', () => {
    expect(buyerDocument({ ...none, customer: cnpj })).toBe(cnpj);
  });

  it('prefers the record made closest to the payment: payer data, then the checkout form, then the customer', () => {
    expect(buyerDocument({ payer: ana, checkoutForm: bia, customer: cnpj })).toBe(ana);
    expect(buyerDocument({ payer: null, checkoutForm: bia, customer: cnpj })).toBe(bia);
  });

  it('is unknown when nothing was recorded, or only a passport or a malformed value', () => {
    expect(buyerDocument(none)).toBeNull();
    expect(buyerDocument({ ...none, customer: 'AB123456' })).toBeNull();
    expect(buyerDocument({ ...none, checkoutForm: '', customer: '12345678900' })).toBeNull();
    // A malformed record does not hide a good one behind it.
    expect(buyerDocument({ payer: 'X1', checkoutForm: null, customer: ana })).toBe(ana);
  });
});

describe('checkHolder', () => {
  it('the buyer’s own document (typed in any form) lets the transfer start', () => {
    expect(checkHolder(ana, ana)).toBe('buyer');
    expect(checkHolder(cnpj, cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'))).toBe('buyer');
  });

  it('anyone else’s is refused', () => {
    expect(checkHolder(ana, bia)).toBe('not_buyer');
  });

  it('with no buyer document known the account waits for the merchant’s confirmation', () => {
    expect(checkHolder(null, bia)).toBe('unconfirmed');
  });
});
