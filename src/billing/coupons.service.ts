import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { recordEvent } from '../events/outbox';
import type { Event } from '../events/event.entity';
import { bodyIdNotFound, conflict, notFound } from '../http/errors';
import { creationPage } from '../http/pagination';
import { newId } from '../shared/ids';
import { Coupon, Discount } from './coupon.entity';
import { currencyFits, discountApplies, discountDescription, discountOf, lastDiscountedCycle, redemptionProblem, type CouponTerms } from './coupons.rules';
import type { CreateCouponInput, ListCouponsQuery } from './coupons.schemas';
import { getInvoice } from './invoices.service';
import { liveSubscription } from './subscriptions.service';
import { toSubscriptionView } from './subscription.views';
import { InvoiceLineItem } from './subscription.entity';

export async function createCoupon(em: EntityManager, companyId: string, body: CreateCouponInput): Promise<Coupon> {
  const coupon = em.create(Coupon, {
    id: newId('cpn'),
    companyId,
    code: body.code ?? null,
    percentOff: body.percentOff ?? null,
    amountOff: body.amountOff ?? null,
    currency: body.currency ?? null,
    duration: body.duration,
    durationInCycles: body.durationInCycles ?? null,
    maxRedemptions: body.maxRedemptions ?? null,
    redeemBy: body.redeemBy ? new Date(body.redeemBy) : null,
    metadata: body.metadata ?? {},
  });
  try {
    await em.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw conflict('coupon_code_taken', `A coupon with code '${body.code}' already exists`);
    throw err;
  }
  return coupon;
}

export async function getCoupon(em: EntityManager, companyId: string, id: string): Promise<Coupon> {
  const coupon = await em.findOne(Coupon, { id, companyId });
  if (!coupon) throw notFound('Coupon');
  return coupon;
}

export async function listCoupons(em: EntityManager, companyId: string, q: ListCouponsQuery): Promise<{ coupons: Coupon[]; total: number }> {
  const page = await creationPage(em, Coupon, { companyId }, q, 'desc', 'Coupon');
  const [found, total] = await em.findAndCount(Coupon, page.where({ companyId }), page.options);
  return { coupons: page.inListOrder(found), total };
}

/** Deactivates it: no redemption from now on; the discounts it already made keep applying (as Stripe's). */
export async function deleteCoupon(em: EntityManager, companyId: string, id: string): Promise<Coupon> {
  const coupon = await getCoupon(em, companyId, id);
  coupon.active = false;
  return coupon;
}

/**
 * Takes one redemption of the coupon, or throws its 409. One conditional update: it holds the
 * row until the caller's transaction ends, and a redemption racing it re-reads the counter once
 * that commits, so two redemptions racing for the last slot make one (the other 409
 * `coupon_exhausted`).
 */
async function redeem(em: EntityManager, companyId: string, couponId: string, now: Date): Promise<Coupon> {
  const taken = await em.execute<Array<{ id: string }>>(
    `update billing_coupons set times_redeemed = times_redeemed + 1, updated_at = ?
      where id = ? and company_id = ? and active and (redeem_by is null or redeem_by > ?) and (max_redemptions is null or times_redeemed < max_redemptions)
      returning id`,
    [now, couponId, companyId, now],
  );
  const coupon = await em.findOne(Coupon, { id: couponId, companyId }, { refresh: true });
  if (!coupon) throw bodyIdNotFound('couponId', 'Coupon');
  if (taken.length === 0) {
    const problem = redemptionProblem(coupon, now) ?? 'coupon_exhausted';
    throw conflict(problem, `Coupon ${coupon.id} cannot be redeemed: ${problem.replace('coupon_', '')}`);
  }
  return coupon;
}

function assertCurrency(coupon: Coupon, currency: string): void {
  if (!currencyFits(coupon, currency)) throw conflict('coupon_currency_mismatch', `Coupon ${coupon.id} takes ${coupon.currency} off; this is billed in ${currency}`);
}

/** The invoice cycle a discount made now starts at: the first one not issued yet. */
export async function nextUninvoicedCycle(em: EntityManager, subscriptionId: string): Promise<number> {
  const [row] = await em.execute<Array<{ next: number }>>(`select coalesce(max(cycle) + 1, 0)::int as next from billing_invoices where subscription_id = ?`, [subscriptionId]);
  return Number(row.next);
}

export interface AppliedDiscount {
  discount: Discount;
  coupon: Coupon;
  events: Event[];
}

/**
 * Applies a coupon to a subscription's invoices from the next one issued (a discount already
 * there is replaced, as Stripe's): its duration counts invoice cycles from that one.
 * subscription.updated.
 */
export async function applyCouponToSubscription(em: EntityManager, companyId: string, subscriptionId: string, couponId: string, now = new Date()): Promise<AppliedDiscount> {
  const subscription = await liveSubscription(em, companyId, subscriptionId);
  const candidate = await em.findOne(Coupon, { id: couponId, companyId });
  if (candidate) assertCurrency(candidate, subscription.currency);
  const coupon = await redeem(em, companyId, couponId, now);
  await em.nativeUpdate(Discount, { subscriptionId, endedAt: null }, { endedAt: now, updatedAt: now });
  const firstCycle = await nextUninvoicedCycle(em, subscriptionId);
  const discount = em.create(Discount, { id: newId('dsc'), companyId, couponId, subscriptionId, firstCycle, lastCycle: lastDiscountedCycle(coupon.duration, coupon.durationInCycles, firstCycle) });
  await em.flush();
  const events = [recordEvent(em, { companyId, type: 'subscription.updated', entityType: 'subscription', data: { ...toSubscriptionView(subscription), discount: toDiscountView(discount, coupon) } })];
  return { discount, coupon, events };
}

/** Ends the subscription's discount: invoices issued from now on are not discounted. 404 when it has none. */
export async function removeSubscriptionDiscount(em: EntityManager, companyId: string, subscriptionId: string, now = new Date()): Promise<AppliedDiscount> {
  const subscription = await liveSubscription(em, companyId, subscriptionId);
  const discount = await em.findOne(Discount, { subscriptionId, companyId, endedAt: null });
  if (!discount) throw notFound('Discount');
  discount.endedAt = now;
  const coupon = await em.findOneOrFail(Coupon, { id: discount.couponId });
  await em.flush();
  const events = [recordEvent(em, { companyId, type: 'subscription.updated', entityType: 'subscription', data: { ...toSubscriptionView(subscription), discount: null } })];
  return { discount, coupon, events };
}

/**
 * Applies a coupon to one open invoice not yet offered another way (no payment link, no
 * bolepix: those carry its amount): a `discount` line, `discountAmount`, and its total lowered
 * (never below 0). One discount per invoice; a subscription's discount already on it counts.
 */
export async function applyCouponToInvoice(em: EntityManager, companyId: string, invoiceId: string, couponId: string, now = new Date()): Promise<AppliedDiscount> {
  const invoice = await getInvoice(em, companyId, invoiceId, true);
  if (invoice.status !== 'open' && invoice.status !== 'past_due') throw conflict('invoice_not_open', `Invoice ${invoice.id} is ${invoice.status}`);
  if (invoice.discountAmount > 0) throw conflict('invoice_already_discounted', `Invoice ${invoice.id} already has a discount`);
  if (invoice.checkoutSessionId || invoice.bolepix) throw conflict('invoice_already_offered', `Invoice ${invoice.id} already has a payment link or a bolepix with its amount`);
  const candidate = await em.findOne(Coupon, { id: couponId, companyId });
  if (candidate) assertCurrency(candidate, invoice.currency);
  const coupon = await redeem(em, companyId, couponId, now);
  const lines = await em.find(InvoiceLineItem, { invoiceId }, { orderBy: { id: 'asc' } });
  const line = discountLine(coupon, invoice.total);
  const discount = em.create(Discount, { id: newId('dsc'), companyId, couponId, invoiceId, firstCycle: invoice.cycle, lastCycle: invoice.cycle });
  if (line) {
    em.create(InvoiceLineItem, { id: `${invoice.id}_${lines.length + 1}`, invoiceId, subscriptionItemId: null, kind: 'discount', description: line.description, quantity: 1, amount: line.amount, periodStart: invoice.periodStart, periodEnd: invoice.periodEnd });
    invoice.total += line.amount;
    invoice.discountAmount = -line.amount;
  }
  await em.flush();
  return { discount, coupon, events: [] };
}

/** A discount line for a subtotal (negative), or null when it takes nothing off. */
export function discountLine(coupon: CouponTerms & { id: string; code: string | null }, subtotal: number): { subscriptionItemId: null; kind: 'discount'; description: string; quantity: number; amount: number } | null {
  const off = discountOf(coupon, subtotal);
  return off > 0 ? { subscriptionItemId: null, kind: 'discount', description: discountDescription(coupon), quantity: 1, amount: -off } : null;
}

/** A subscription's live discount with its coupon's terms, as issuing reads it. */
export interface LiveDiscount extends CouponTerms {
  subscriptionId: string;
  firstCycle: number;
  lastCycle: number | null;
  id: string;
  code: string | null;
}

/** The live discounts of many subscriptions (one statement), by subscription. */
export async function liveDiscounts(em: EntityManager, subscriptionIds: string[]): Promise<Map<string, LiveDiscount>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await em.execute<Array<{ subscription_id: string; first_cycle: number; last_cycle: number | null; id: string; code: string | null; percent_off: string | null; amount_off: string | null; currency: string | null }>>(
    `select d.subscription_id, d.first_cycle, d.last_cycle, c.id, c.code, c.percent_off, c.amount_off, c.currency
       from billing_discounts d join billing_coupons c on c.id = d.coupon_id
      where d.subscription_id = any(array(select jsonb_array_elements_text(?::jsonb))) and d.ended_at is null`,
    [JSON.stringify(subscriptionIds)],
  );
  return new Map(
    rows.map((r) => [
      r.subscription_id,
      {
        subscriptionId: r.subscription_id,
        firstCycle: Number(r.first_cycle),
        lastCycle: r.last_cycle === null ? null : Number(r.last_cycle),
        id: r.id,
        code: r.code,
        percentOff: r.percent_off === null ? null : Number(r.percent_off),
        amountOff: r.amount_off === null ? null : Number(r.amount_off),
        currency: r.currency,
      },
    ]),
  );
}

/** The discount line of a cycle's invoice, when its subscription's discount covers that cycle. */
export function cycleDiscountLine(discount: LiveDiscount | undefined, cycle: number, subtotal: number) {
  return discount && discountApplies(discount, cycle) ? discountLine(discount, subtotal) : null;
}

export const toCouponView = (c: Coupon, now = new Date()) => ({
  id: c.id,
  code: c.code,
  percentOff: c.percentOff === null ? null : Number(c.percentOff),
  amountOff: c.amountOff,
  currency: c.currency,
  duration: c.duration,
  durationInCycles: c.durationInCycles,
  maxRedemptions: c.maxRedemptions,
  timesRedeemed: c.timesRedeemed,
  redeemBy: c.redeemBy?.toISOString() ?? null,
  valid: redemptionProblem(c, now) === null,
  active: c.active,
  metadata: c.metadata,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const toDiscountView = (d: Discount, c: Coupon) => ({
  id: d.id,
  couponId: d.couponId,
  subscriptionId: d.subscriptionId,
  invoiceId: d.invoiceId,
  firstCycle: d.firstCycle,
  lastCycle: d.lastCycle,
  endedAt: d.endedAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
  coupon: toCouponView(c),
});

/**
 * A subscription's live discount as GET /subscriptions/:id shows it: its coupon's terms and the
 * invoice cycles it still covers (`cyclesLeft`: counted from the next invoice not issued yet;
 * null for a forever coupon). Null without one.
 */
export async function subscriptionDiscountView(em: EntityManager, subscriptionId: string) {
  const discount = await em.findOne(Discount, { subscriptionId, endedAt: null });
  if (!discount) return null;
  const coupon = await em.findOneOrFail(Coupon, { id: discount.couponId });
  const next = await nextUninvoicedCycle(em, subscriptionId);
  return {
    id: discount.id,
    couponId: coupon.id,
    code: coupon.code,
    percentOff: coupon.percentOff === null ? null : Number(coupon.percentOff),
    amountOff: coupon.amountOff,
    currency: coupon.currency,
    duration: coupon.duration,
    firstCycle: discount.firstCycle,
    lastCycle: discount.lastCycle,
    cyclesLeft: discount.lastCycle === null ? null : Math.max(0, discount.lastCycle - Math.max(next, discount.firstCycle) + 1),
  };
}
