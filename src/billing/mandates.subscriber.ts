import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { EventSubscriber } from '../events/dispatcher';
import { invoiceTransactionSubscriber } from '../portal/portal-payments.subscriber';
import { isFirstPaymentReference } from './mandates.rules';

/**
 * Pix Automático's journey 3: the Pix of the open invoice the mandate's QR carried is paid
 * (`transaction.paid`, after the usual Pix path: the PSP's callback read back, the ledger's sale)
 * and pays that invoice as its payment link or a portal card would: invoice.paid, the workflow
 * told (`invoicePaid`), its other ways closed; an invoice paid meanwhile by another way records
 * an overpayment. Whether the payer also approved the mandate comes by the `/rec` callback.
 */
export const mandateFirstPaymentSubscriber = (deps: { temporal: Client; config: Config }, dispatchSoon: (eventIds: string[]) => void): EventSubscriber =>
  invoiceTransactionSubscriber('mandate-first-payments', isFirstPaymentReference, deps, dispatchSoon);
