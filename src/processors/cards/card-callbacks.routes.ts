import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { receiveChargebackNotice } from '../../payments/chargeback-notifications.service';
import { processorsOf } from '../processors';
import { isCardCallbackSecret } from './card-callbacks';

/**
 * Where a company's acquirer store posts its notifications (Cielo's "URL de Notificação"):
 * `<public base>/processors/cards/callbacks/<connection id>/<secret>` (card-callbacks.ts).
 * Cielo posts `{"PaymentId", "ChangeType"}` and retries anything but a 200. A chargeback
 * (ChangeType 7) is read back from the acquirer and opened through the transaction workflow's
 * chargeback signal, the sandbox's path; other changes are answered 200 and left alone (Lastro
 * learns a sale's outcome from its own authorization). A wrong secret or an unknown connection is
 * the same 401.
 */

/** Cielo's ChangeType of a chargeback notification. */
const CHARGEBACK = 7;

const refused = () => new ApiError(401, 'unauthenticated', 'This notification is not authenticated for this connection');

const params = z.strictObject({ connectionId: z.string().min(1).max(40), secret: z.string().min(1).max(128) });
// Cielo may add fields to its notification: unknown ones are ignored, not refused.
const noticeSchema = z
  .looseObject({
    PaymentId: z.string().min(1).max(64),
    ChangeType: z.number().int(),
  })
  .meta({ id: 'CardNotification' });
const receiptSchema = z.object({ opened: z.number().int() }).meta({ id: 'CardNotificationReceipt' });

export const cardCallbackRoutes = [
  defineRoute({
    method: 'post',
    path: '/processors/cards/callbacks/:connectionId/:secret',
    operationId: 'receiveCardCallback',
    summary: "An acquirer store's notification (Cielo's URL de Notificação)",
    description: 'Called by the acquirer, not by merchants: a chargeback is read back from the acquirer and opened once (docs/processors.md).',
    tag: 'Processors',
    auth: 'public',
    hidden: true,
    request: { params, body: noticeSchema },
    responses: { 200: { description: 'Received', schema: receiptSchema } },
    errors: [400, 401, 503],
    transaction: false,
    async handler({ em, params: p, body, deps }) {
      const rail = await processorsOf(deps).cardById(em, p.connectionId);
      if (!rail || !isCardCallbackSecret(rail.connection, p.secret)) throw refused();
      if (body.ChangeType !== CHARGEBACK) {
        deps.logger.info({ connectionId: rail.connection.id, changeType: body.ChangeType }, 'card notification of a change Lastro does not follow; acknowledged');
        return { body: { opened: 0 } };
      }
      const outcome = await receiveChargebackNotice(deps, em, rail, body.PaymentId);
      deps.logger.info({ connectionId: rail.connection.id, sale: body.PaymentId, opened: outcome.opened.map((c) => c.chargebackId), ignored: outcome.ignored }, 'card chargeback notification');
      return { body: { opened: outcome.opened.length } };
    },
  }),
];
