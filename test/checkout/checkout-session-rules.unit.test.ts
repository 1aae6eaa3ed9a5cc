import {
  amountPaidOf,
  buyerProblems,
  cardInstallmentOptions,
  customFieldProblems,
  planConfirmPayments,
  sessionStatusFrom,
  successUrlFor,
} from '../../src/checkout/checkout-session.rules';
import type { CustomField, PaymentMethods } from '../../src/checkout/checkout.schemas';

const card = (over: Partial<NonNullable<PaymentMethods['card']>['installments']> = {}, multipleCards = false): NonNullable<PaymentMethods['card']> => ({
  enabled: true,
  multipleCards,
  installments: { maxInstallments: 12, freeInstallments: 0, interestRate: 2.99, interestType: 'compound', ...over },
});
const pm = (extra: Partial<PaymentMethods> = {}): PaymentMethods => ({ card: card(), pix: { enabled: true, expiresIn: 3600 }, ...extra });
const paths = (r: { problems: { path: string }[] }) => r.problems.map((p) => p.path);

describe('sessionStatusFrom', () => {
  const attempt = (transactionStatus: any, ...payments: string[]) => ({ transactionStatus, payments: payments.map((status) => ({ status, baseAmount: 100 })) });

  it('follows the latest attempt: open → paying, open with a paid payment → partially_paid, ended unpaid → failed, paid → paid', () => {
    expect(sessionStatusFrom('opened', [])).toBe('opened');
    expect(sessionStatusFrom('created', [attempt('pending', 'pending')])).toBe('paying');
    expect(sessionStatusFrom('paying', [attempt('waiting_payment', 'paid', 'waiting_payment')])).toBe('partially_paid');
    expect(sessionStatusFrom('paying', [attempt('refused', 'refused')])).toBe('failed');
    expect(sessionStatusFrom('failed', [attempt('refused', 'refused'), attempt('waiting_payment', 'waiting_payment')])).toBe('paying');
    expect(sessionStatusFrom('paying', [attempt('refused', 'refused'), attempt('paid', 'paid')])).toBe('paid');
    expect(sessionStatusFrom('partially_paid', [attempt('canceled', 'canceled', 'canceled')])).toBe('failed');
  });

  it('never leaves paid, expired or canceled', () => {
    for (const s of ['paid', 'expired', 'canceled'] as const) expect(sessionStatusFrom(s, [attempt('refused', 'refused')])).toBe(s);
  });

  it('counts only paid payments, without card interest, in amountPaid', () => {
    expect(amountPaidOf([{ transactionStatus: 'waiting_payment', payments: [{ status: 'paid', baseAmount: 6000 }, { status: 'waiting_payment', baseAmount: 4000 }] }])).toBe(6000);
  });
});

describe('cardInstallmentOptions', () => {
  it('gives each count with its installment value and total (R$1,000.00 at 2.99% compound: 12 × 100.40, total 1,204.83)', () => {
    const options = cardInstallmentOptions(100_000, card({ freeInstallments: 2 }));
    expect(options).toHaveLength(12);
    expect(options[0]).toEqual({ installments: 1, installmentAmount: 100_000, totalAmount: 100_000, interestFree: true });
    expect(options[1]).toEqual({ installments: 2, installmentAmount: 50_000, totalAmount: 100_000, interestFree: true });
    expect(options[11]).toEqual({ installments: 12, installmentAmount: 10_040, totalAmount: 120_483, interestFree: false });
  });

  it('simple interest: total = PV·(1 + i·n)', () => {
    expect(cardInstallmentOptions(10_000, card({ interestRate: 2, interestType: 'simple' }))[2]).toEqual({ installments: 3, installmentAmount: 3_533, totalAmount: 10_600, interestFree: false });
  });

  it('leaves out counts that would charge under 1 cent each, and nothing for nothing due', () => {
    expect(cardInstallmentOptions(3, card({ interestRate: 0 }))).toHaveLength(3);
    expect(cardInstallmentOptions(0, card())).toEqual([]);
  });
});

describe('planConfirmPayments', () => {
  it('one payment takes the amount due; a card adds its interest to what is charged', () => {
    const r = planConfirmPayments(pm(), 10_000, [{ method: 'credit_card', cardToken: 't', installments: 3 }]);
    expect(r.problems).toEqual([]);
    expect(r.planned).toEqual([{ method: 'credit_card', cardToken: 't', installments: 3, baseAmount: 10_000, chargedAmount: 10_604 }]);
  });

  it('refuses a method that is not enabled, and installments above the maximum', () => {
    expect(paths(planConfirmPayments(pm(), 100, [{ method: 'boleto' }]))).toEqual(['payments.0.method']);
    expect(paths(planConfirmPayments(pm({ card: card({ maxInstallments: 3 }) }), 100, [{ method: 'credit_card', cardToken: 't', installments: 4 }]))).toEqual(['payments.0.installments']);
  });

  it('several payments need combined (or two cards with multipleCards), sum to the amount due, respect min and max', () => {
    const two = [{ method: 'pix' as const, amount: 4000 }, { method: 'credit_card' as const, cardToken: 't', installments: 1 }];
    expect(paths(planConfirmPayments(pm(), 10_000, two))).toEqual(['payments']);
    const combined = pm({ combined: { enabled: true, minAmountPerPayment: 5000, maxPaymentsCount: 2 } });
    expect(paths(planConfirmPayments(combined, 10_000, two))).toEqual(['payments.0.amount']);
    expect(planConfirmPayments(combined, 10_000, [{ method: 'pix', amount: 5000 }, { method: 'pix' }]).planned.map((p) => p.baseAmount)).toEqual([5000, 5000]);
    expect(paths(planConfirmPayments(combined, 15_000, [{ method: 'pix', amount: 5000 }, { method: 'pix', amount: 5000 }, { method: 'pix' }]))).toEqual(['payments']);
    expect(paths(planConfirmPayments(combined, 10_000, [{ method: 'pix', amount: 5000 }, { method: 'pix', amount: 4000 }]))).toEqual(['payments', 'payments.1.amount']);
    expect(paths(planConfirmPayments(combined, 10_000, [{ method: 'pix' }, { method: 'pix' }]))).toContain('payments');
  });

  it('two cards only with multipleCards; never three', () => {
    const cards = [{ method: 'credit_card' as const, cardToken: 'a', installments: 1, amount: 3000 }, { method: 'credit_card' as const, cardToken: 'b', installments: 1 }];
    expect(new Set(paths(planConfirmPayments(pm(), 10_000, cards)))).toEqual(new Set(['payments']));
    expect(planConfirmPayments(pm({ card: card({}, true) }), 10_000, cards).problems).toEqual([]);
    const three = [...cards.slice(0, 1), { ...cards[0], cardToken: 'c' }, cards[1]];
    expect(paths(planConfirmPayments(pm({ card: card({}, true), combined: { enabled: true, minAmountPerPayment: 1, maxPaymentsCount: 4 } }), 10_000, three))).toEqual(['payments']);
  });
});

describe('buyer and custom fields', () => {
  it('requires the listed fields and a valid CPF or CNPJ', () => {
    expect(buyerProblems(['email', 'address'], { name: 'M' }).map((p) => p.path)).toEqual(['customer.email', 'customer.address']);
    expect(buyerProblems([], { name: 'M', document: '529.982.247-25' })).toEqual([]);
    expect(buyerProblems([], { name: 'M', document: '12ABC34501DE35' })).toEqual([]);
    expect(buyerProblems([], { name: 'M', document: '11111111111' }).map((p) => p.path)).toEqual(['customer.document']);
  });

  it('checks answers against the fields: unknown keys, required, select options, checkbox and text types', () => {
    const fields: CustomField[] = [
      { key: 'size', label: 'Tamanho', type: 'select', options: ['P', { value: 'M', label: 'Médio' }], required: true },
      { key: 'gift', label: 'Presente', type: 'checkbox', required: false },
      { key: 'note', label: 'Nota', type: 'text', required: false },
    ];
    expect(customFieldProblems(fields, { size: 'M' })).toEqual([]);
    expect(customFieldProblems(fields, {}).map((p) => p.path)).toEqual(['customFields.size']);
    expect(customFieldProblems(fields, { size: 'G', gift: 'yes', note: true, x: '1' }).map((p) => p.path)).toEqual([
      'customFields.x',
      'customFields.size',
      'customFields.gift',
      'customFields.note',
    ]);
  });
});

it('replaces every {CHECKOUT_SESSION_ID} in the successUrl', () => {
  expect(successUrlFor('https://s.example/{CHECKOUT_SESSION_ID}?again={CHECKOUT_SESSION_ID}', 'cs_1')).toBe('https://s.example/cs_1?again=cs_1');
});
