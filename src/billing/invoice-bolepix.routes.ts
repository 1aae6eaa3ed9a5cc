import QRCode from 'qrcode';
import { z } from 'zod';
import { defineRoute } from '../http/route';
import { idParam } from '../http/schemas';
import { notFound } from '../http/errors';
import { Payment } from '../payments/payment.entity';

const params = z.strictObject({ payId: idParam });

export const invoiceBolepixRoutes = [
  defineRoute({
    method: 'get',
    path: '/bolepix/:payId/qrcode.png',
    operationId: 'getBolepixQrCode',
    summary: "The Pix QR code image (PNG) of a boleto's bolepix (an invoice's pixQrCode.imageUrl)",
    tag: 'Billing: subscriptions and invoices',
    auth: 'public',
    hidden: true,
    request: { params },
    responses: { 200: { description: 'PNG', contentType: 'image/png' } },
    async handler({ em, params: p }) {
      const payment = await em.findOne(Payment, { id: p.payId, method: 'boleto' });
      if (!payment?.boleto?.pix) throw notFound('Bolepix');
      const png = await QRCode.toBuffer(payment.boleto.pix.qrCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
      return { body: png, contentType: 'image/png', headers: { 'Cache-Control': 'private, max-age=300' } };
    },
  }),
];
