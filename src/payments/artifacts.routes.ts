import type { EntityManager } from '@mikro-orm/postgresql';
import QRCode from 'qrcode';
import { z } from 'zod';
import { Company } from '../companies/company.entity';
import { notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import { idParam } from '../http/schemas';
import { BOLETO_PAGE_HEADERS, renderBoletoPage } from './boleto.page';
import { renderBoletoPdf } from './boleto.pdf';
import { Payment } from './payment.entity';
import { boletoPdfUrl } from './transaction-views';

/**
 * The buyer's artifacts at Lastro URLs: public (the buyer has no key) and hidden from the
 * API document. The payment id is unguessable (80 random bits), which is what a link to a
 * boleto or a QR code needs.
 */
const params = z.strictObject({ payId: idParam });
const tag = 'Payment artifacts';

export const paymentArtifactRoutes = [
  defineRoute({
    method: 'get',
    path: '/pix/:payId/qrcode.png',
    operationId: 'getPixQrCode',
    summary: 'The Pix QR code image (PNG) of a payment',
    tag,
    auth: 'public',
    hidden: true,
    request: { params },
    responses: { 200: { description: 'PNG', contentType: 'image/png' } },
    async handler({ em, params: p }) {
      const payment = await em.findOne(Payment, { id: p.payId, method: 'pix' });
      if (!payment?.pix) throw notFound('Pix payment');
      const png = await QRCode.toBuffer(payment.pix.qrCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
      return { body: png, contentType: 'image/png', headers: { 'Cache-Control': 'private, max-age=300' } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/boletos/:payId',
    operationId: 'getBoletoPage',
    summary: 'The printable boleto page of a payment',
    tag,
    auth: 'public',
    hidden: true,
    request: { params },
    responses: { 200: { description: 'HTML', contentType: 'text/html' } },
    async handler({ em, params: p, deps }) {
      const { payment, beneficiary } = await boletoOf(em, p.payId);
      // Bolepix: the cobv's QR code drawn into the page (a data: image, as the page's CSP allows).
      const pixQr = payment.boleto!.pix ? await QRCode.toDataURL(payment.boleto!.pix.qrCode, { errorCorrectionLevel: 'M', margin: 2, scale: 4 }) : null;
      const pdfUrl = boletoPdfUrl(deps.config.urls.publicBase, payment.id);
      return { body: renderBoletoPage(payment, beneficiary, pixQr, pdfUrl), contentType: 'text/html; charset=utf-8', headers: BOLETO_PAGE_HEADERS };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/boletos/:payId/boleto.pdf',
    operationId: 'getBoletoPdf',
    summary: 'The boleto of a payment as a PDF',
    tag,
    auth: 'public',
    hidden: true,
    request: { params },
    responses: { 200: { description: 'PDF', contentType: 'application/pdf' } },
    async handler({ em, params: p }) {
      const { payment, beneficiary } = await boletoOf(em, p.payId);
      const pixQr = payment.boleto!.pix ? await QRCode.toBuffer(payment.boleto!.pix.qrCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 }) : null;
      return {
        body: await renderBoletoPdf(payment, beneficiary, pixQr),
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': `inline; filename="boleto-${payment.id}.pdf"`, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' },
      };
    },
  }),
];

/** The boleto payment and its beneficiary's name: the page's and the PDF's one access rule (the unguessable payment id). */
async function boletoOf(em: EntityManager, payId: string): Promise<{ payment: Payment; beneficiary: string }> {
  const payment = await em.findOne(Payment, { id: payId, method: 'boleto' });
  if (!payment?.boleto) throw notFound('Boleto');
  const company = await em.findOneOrFail(Company, { id: payment.companyId });
  return { payment, beneficiary: company.name };
}
