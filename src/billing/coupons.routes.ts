import { defineRoute } from '../http/route';
import { paginated } from '../http/pagination';
import { invoiceIdParams, invoiceSchema, subscriptionIdParams } from './subscriptions.schemas';
import { applyCouponBody, couponIdParams, couponListSchema, couponSchema, createCouponBody, discountSchema, listCouponsQuery } from './coupons.schemas';
import { applyCouponToInvoice, applyCouponToSubscription, createCoupon, deleteCoupon, getCoupon, listCoupons, removeSubscriptionDiscount, toCouponView, toDiscountView } from './coupons.service';
import { getInvoice } from './invoices.service';
import { toInvoiceView } from './subscription.views';

const tag = 'Billing: coupons';

export const couponRoutes = [
  defineRoute({
    method: 'post',
    path: '/coupons',
    operationId: 'createCoupon',
    summary: 'Create a coupon: percentOff or amountOff, once, repeating (durationInCycles) or forever',
    tag,
    request: { body: createCouponBody },
    responses: { 201: { description: 'The coupon', schema: couponSchema } },
    errors: [409],
    async handler({ em, company, body }) {
      return { status: 201, body: toCouponView(await createCoupon(em, company.id, body)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/coupons',
    operationId: 'listCoupons',
    summary: 'List coupons, newest first (page or cursor)',
    tag,
    request: { query: listCouponsQuery },
    responses: { 200: { description: 'A page of coupons', schema: couponListSchema } },
    async handler({ em, company, query }) {
      const { coupons, total } = await listCoupons(em, company.id, query);
      return { body: paginated(coupons.map((c) => toCouponView(c)), total, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/coupons/:id',
    operationId: 'getCoupon',
    summary: 'Get a coupon',
    tag,
    request: { params: couponIdParams },
    responses: { 200: { description: 'The coupon', schema: couponSchema } },
    async handler({ em, company, params }) {
      return { body: toCouponView(await getCoupon(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/coupons/:id',
    operationId: 'deleteCoupon',
    summary: 'Deactivate a coupon: no new redemption; discounts already made keep applying',
    tag,
    request: { params: couponIdParams },
    responses: { 200: { description: 'The coupon', schema: couponSchema } },
    async handler({ em, company, params }) {
      return { body: toCouponView(await deleteCoupon(em, company.id, params.id)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/subscriptions/:id/discount',
    operationId: 'applySubscriptionDiscount',
    summary: 'Apply a coupon to the subscription from its next invoice (replaces its discount)',
    tag,
    request: { params: subscriptionIdParams, body: applyCouponBody },
    responses: { 200: { description: 'The discount', schema: discountSchema } },
    errors: [409],
    async handler({ em, company, params, body, dispatchAfterCommit }) {
      const { discount, coupon, events } = await applyCouponToSubscription(em, company.id, params.id, body.couponId);
      dispatchAfterCommit(events.map((e) => e.id));
      return { body: toDiscountView(discount, coupon) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/subscriptions/:id/discount',
    operationId: 'removeSubscriptionDiscount',
    summary: 'Remove the subscription’s discount from its next invoice on',
    tag,
    request: { params: subscriptionIdParams },
    responses: { 200: { description: 'The discount, ended', schema: discountSchema } },
    errors: [409],
    async handler({ em, company, params, dispatchAfterCommit }) {
      const { discount, coupon, events } = await removeSubscriptionDiscount(em, company.id, params.id);
      dispatchAfterCommit(events.map((e) => e.id));
      return { body: toDiscountView(discount, coupon) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/invoices/:id/discount',
    operationId: 'applyInvoiceDiscount',
    summary: 'Apply a coupon to one open invoice (a discount line; its total lowered, never below 0)',
    tag,
    request: { params: invoiceIdParams, body: applyCouponBody },
    responses: { 200: { description: 'The invoice', schema: invoiceSchema } },
    errors: [409],
    async handler({ em, company, params, body }) {
      await applyCouponToInvoice(em, company.id, params.id, body.couponId);
      return { body: toInvoiceView(await getInvoice(em, company.id, params.id)) };
    },
  }),
];
