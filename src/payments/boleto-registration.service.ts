import type { EntityManager } from '@mikro-orm/postgresql';
import type { Company } from '../companies/company.entity';
import { Customer } from '../customers/customer.entity';
import { ApiError, badRequest } from '../http/errors';
import { BoletoIssuerError, type BoletoDiscount, type BoletoFine, type BoletoInterest, type BoletoPayer, type IssuedBoleto } from '../processors/boletos/boleto-issuer.port';
import type { PixChargeRequest, PixDueDateModality } from '../processors/pix/pix-psp.port';
import type { CompanyRails, PixRail } from '../processors/processors';
import { addCalendarDays, boletoExpiresAt, brasiliaToday } from './artifacts';
import type { BoletoArtifact, BoletoDiscountTerms, BoletoFineTerms, BoletoInterestTerms } from './payment.entity';
import { isPayerProblem, resolveBoletoPayer, type PayerInput } from './boleto-payer.rules';
import { buildPixPayload, parsePixPayload, PixPayloadError, pixTxid } from './pix.rules';
import { BOLETO_DEFAULT_DUE_DAYS, type CreateTransactionInput, type PaymentInput } from './transactions.schemas';

/**
 * Registers a creation's boletos at the company's issuer before the database transaction (as a
 * Pix charge is opened at its PSP), and opens each one's bolepix charge (a `cobv`) on the
 * company's Pix rail. Each boleto's number comes from a sequence and is recorded in
 * `boleto_registrations`, committed on its own, before the issuer is asked: a creation that
 * dies after the issuer registered it and before its own commit leaves that row without its
 * payment, and the boleto sweep (boleto-sweep.service.ts) cancels the boleto at the issuer.
 */

export interface RegisteredBoleto {
  artifact: BoletoArtifact;
  gateway: string;
  processorConnectionId: string;
  expiresAt: Date;
}

export interface RegisteredBoletos {
  byPosition: Map<number, RegisteredBoleto>;
  /** Cancels what was registered and opened (the write failed); never throws: the sweep is the backstop. */
  discard(): Promise<void>;
}

/** The rails a boleto needs: its issuer, and the PSP that opens its bolepix. */
export type BoletoRails = Pick<CompanyRails, 'boleto' | 'pix'>;

const NO_BOLETOS: RegisteredBoletos = { byPosition: new Map(), discard: async () => undefined };

export async function registerBoletos(em: EntityManager, company: Company, input: CreateTransactionInput, paymentIds: string[], now: Date, rails: BoletoRails): Promise<RegisteredBoletos> {
  const boletos = input.payments.flatMap((p, position) => (p.paymentMethod === 'boleto' ? [{ position, paymentId: paymentIds[position], payment: p }] : []));
  if (boletos.length === 0) return NO_BOLETOS;
  // Before anything is written or any processor called: a boleto without its payer cannot be registered.
  const customer = input.customerId ? await customerPayer(em, company.id, input.customerId) : null;
  const payers = new Map(boletos.map(({ position, payment }) => [position, payerFor(payment, position, customer)]));
  const today = brasiliaToday(now);
  // The schema checks a discount against a due date the request gives; against the default one only here (it depends on today).
  for (const { position, payment } of boletos) {
    const terms = termsOf(payment, today);
    if (terms.discount && terms.discount.until > terms.dueDate) {
      throw badRequest('validation_failed', `payments[${position}].boleto.discount.until: must be on or before the due date (${terms.dueDate})`, [{ path: `payments.${position}.boleto.discount.until`, message: `Must be on or before the due date (${terms.dueDate})` }]);
    }
  }
  const rail = await rails.boleto();
  const pix = await rails.pix().catch((err: unknown) => (err instanceof ApiError && err.code === 'processor_not_configured' ? null : Promise.reject(err)));

  const registered: Array<{ issued: IssuedBoleto; pixTxid: string | null }> = [];
  const discard = async () => {
    await Promise.all(
      registered.map(async (r) => {
        await rail.issuer.cancel(r.issued.number).catch(() => undefined);
        if (pix && r.pixTxid) await pix.psp.removeCharge('due_date', r.pixTxid).catch(() => undefined);
      }),
    );
  };
  try {
    const byPosition = new Map<number, RegisteredBoleto>();
    await Promise.all(
      boletos.map(async ({ position, paymentId, payment }) => {
        const terms = termsOf(payment, today);
        const payer = payers.get(position)!;
        const number = await reserveNumber(em, rail.connection.id, paymentId, company.id);
        const issued = await rail.issuer
          .register({
            number,
            amount: payment.amount,
            issuedOn: today,
            dueDate: terms.dueDate,
            daysPayableAfterDue: terms.payableDaysAfterDue,
            fine: terms.fine ? fineOf(terms.fine) : null,
            interest: terms.interest ? interestOf(terms.interest) : null,
            discount: terms.discount ? discountOf(terms.discount) : null,
            instructions: terms.instructions,
            reference: paymentId.replace(/^pay_/, '').slice(0, 15),
            payer,
          })
          .catch(asApiError);
        const entry = { issued, pixTxid: null as string | null };
        registered.push(entry);
        const bolepix = pix ? await openBolepix(pix, paymentId, payment.amount, terms, payer, company.name) : null;
        entry.pixTxid = bolepix?.txid ?? null;
        byPosition.set(position, {
          artifact: {
            barcode: issued.barcode,
            line: issued.line,
            dueDate: terms.dueDate,
            instructions: terms.instructions,
            number: issued.number,
            payableDaysAfterDue: terms.payableDaysAfterDue,
            fine: terms.fine,
            interest: terms.interest,
            discount: terms.discount,
            payer: { name: payer.name, document: payer.document, address: payer.address ?? null },
            pix: bolepix,
          },
          gateway: rail.connection.adapter,
          processorConnectionId: rail.connection.id,
          expiresAt: boletoExpiresAt(addCalendarDays(terms.dueDate, terms.payableDaysAfterDue)),
        });
      }),
    );
    return { byPosition, discard };
  } catch (err) {
    await discard();
    throw err;
  }
}

interface BoletoTerms {
  dueDate: string;
  payableDaysAfterDue: number;
  instructions: string | null;
  fine: BoletoFineTerms | null;
  interest: BoletoInterestTerms | null;
  discount: BoletoDiscountTerms | null;
}

function termsOf(p: PaymentInput, today: string): BoletoTerms {
  const b = p.boleto;
  const dueDate = b?.dueDate ?? addCalendarDays(today, BOLETO_DEFAULT_DUE_DAYS);
  return {
    dueDate,
    payableDaysAfterDue: b?.payableDaysAfterDue ?? 0,
    instructions: b?.instructions ?? null,
    fine: b?.fine ? (b.fine.percent !== undefined ? { percent: b.fine.percent } : { amount: b.fine.amount! }) : null,
    interest: b?.interest ? (b.interest.monthlyPercent !== undefined ? { monthlyPercent: b.interest.monthlyPercent } : { dailyAmount: b.interest.dailyAmount! }) : null,
    discount: b?.discount ? (b.discount.percent !== undefined ? { until: b.discount.until, percent: b.discount.percent } : { until: b.discount.until, amount: b.discount.amount! }) : null,
  };
}

const fineOf = (f: BoletoFineTerms): BoletoFine => ('percent' in f ? { kind: 'percent', percent: f.percent } : { kind: 'fixed', amount: f.amount });
const interestOf = (i: BoletoInterestTerms): BoletoInterest => ('monthlyPercent' in i ? { kind: 'monthly_percent', percent: i.monthlyPercent } : { kind: 'daily_amount', amount: i.dailyAmount });
const discountOf = (d: BoletoDiscountTerms): BoletoDiscount => ('percent' in d ? { until: d.until, kind: 'percent', percent: d.percent } : { until: d.until, kind: 'fixed', amount: d.amount });

/** The transaction's customer, as a payer to check (its document may be a passport: boleto_payer_invalid). */
async function customerPayer(em: EntityManager, companyId: string, customerId: string): Promise<PayerInput | null> {
  const c = await em.findOne(Customer, { id: customerId, companyId }, { fields: ['name', 'document', 'address'] });
  return c ? { name: c.name, document: c.document, address: c.address } : null;
}

/** The payment's payer (its boleto.payer, else the customer), or the 422 that says what is missing. */
function payerFor(payment: PaymentInput, position: number, customer: PayerInput | null): BoletoPayer {
  const payer = resolveBoletoPayer(payment.boleto?.payer, customer);
  if (!isPayerProblem(payer)) return payer;
  const path = `payments.${position}.boleto.payer`;
  throw new ApiError(422, payer.code, `payments[${position}].boleto.payer: ${payer.message}`, [{ path, message: payer.message }]);
}

/** A number from the sequence, recorded (committed on its own, outside any transaction) before the issuer hears of it. */
async function reserveNumber(em: EntityManager, connectionId: string, paymentId: string, companyId: string): Promise<string> {
  const [row] = await em.execute<Array<{ number: string }>>(
    `insert into boleto_registrations (number, connection_id, payment_id, company_id) values (lpad(nextval('boleto_numbers')::text, 10, '0'), ?, ?, ?) returning number`,
    [connectionId, paymentId, companyId],
  );
  return row.number;
}

const cents2 = (c: number) => (c / 100).toFixed(2);
const pct2 = (p: number) => p.toFixed(2);

/** The boleto's terms as a cobv's: the same due date, days after it, fine, interest and discount (API Pix modalities). */
function cobvRequest(txid: string, amount: number, t: BoletoTerms, payer: BoletoPayer, chave: string): PixChargeRequest {
  const fine: PixDueDateModality | undefined = t.fine ? ('percent' in t.fine ? { modality: 2, value: pct2(t.fine.percent) } : { modality: 1, value: cents2(t.fine.amount) }) : undefined;
  // Juros modality 3: percent a month, calendar days; 1: an amount a calendar day.
  const interest: PixDueDateModality | undefined = t.interest ? ('monthlyPercent' in t.interest ? { modality: 3, value: pct2(t.interest.monthlyPercent) } : { modality: 1, value: cents2(t.interest.dailyAmount) }) : undefined;
  // Desconto modalities 1 (an amount) and 2 (a percent) up to a fixed date.
  const discount = t.discount
    ? 'percent' in t.discount
      ? { modality: 2, value: '0.00', fixedDates: [{ date: t.discount.until, value: pct2(t.discount.percent) }] }
      : { modality: 1, value: '0.00', fixedDates: [{ date: t.discount.until, value: cents2(t.discount.amount) }] }
    : undefined;
  return {
    txid,
    kind: 'due_date',
    amount,
    chave,
    dueDate: t.dueDate,
    validityAfterDue: t.payableDaysAfterDue,
    ...(fine ? { fine } : {}),
    ...(interest ? { interest } : {}),
    ...(discount ? { discount } : {}),
    payer: { name: payer.name, document: payer.document },
  };
}

/**
 * Bolepix: the boleto's cobv at the company's PSP, its txid the payment's (as a Pix payment's
 * cob). A PSP that cannot open it leaves the boleto without its QR code rather than failing the
 * creation: the boleto alone is payable.
 */
async function openBolepix(rail: PixRail, paymentId: string, amount: number, t: BoletoTerms, payer: BoletoPayer, merchantName: string): Promise<BoletoArtifact['pix']> {
  const txid = pixTxid(paymentId);
  try {
    const charge = await rail.psp.createCharge(cobvRequest(txid, amount, t, payer, rail.connection.chave));
    return { qrCode: cobvBrCode(charge.pixCopiaECola, charge.location, merchantName), txid, connectionId: rail.connection.id };
  } catch {
    return null;
  }
}

/** Companies carry no city yet; the BR Code requires one (field 60). */
const DEFAULT_MERCHANT_CITY = 'SAO PAULO';

/** The PSP's BR Code when it is a valid dynamic one, else one on its location; no amount in it: a cobv's changes by the day (the location says it). */
function cobvBrCode(pixCopiaECola: string | null, location: string, merchantName: string): string {
  if (pixCopiaECola) {
    try {
      if (parsePixPayload(pixCopiaECola).locationUrl) return pixCopiaECola;
    } catch (err) {
      if (!(err instanceof PixPayloadError)) throw err;
    }
  }
  return buildPixPayload({ kind: 'dynamic', locationUrl: location, merchantName, merchantCity: DEFAULT_MERCHANT_CITY });
}

/** An issuer failure as the merchant's answer: 503 when a retry may work, 502 when the issuer refused (the operator's configuration, or the request). */
function asApiError(err: unknown): never {
  if (!(err instanceof BoletoIssuerError)) throw err;
  if (err.retryable) throw new ApiError(503, 'processor_unavailable', 'The boleto issuer did not answer; retry with the same Idempotency-Key', undefined, { 'retry-after': '5' });
  throw new ApiError(502, 'processor_rejected', `The boleto issuer refused the boleto${err.code ? ` (${err.code})` : ''}; the operator checks the company's boleto connection`);
}
