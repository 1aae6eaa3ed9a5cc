import { cieloDateTime, maskCardNumber, reasonMessage, STATUS, type ReasonCode } from './cielo.rules';
import type { Sale } from './state';

/**
 * Sales as Cielo's E-commerce API 3.0 writes them: the sale (`POST /1/sales/` and
 * `GET /1/sales/{PaymentId}`), the answer of a capture or a void, and the `Links` to the next
 * operations (queries on the query host, captures and voids on the transactional one).
 */

export interface Hosts {
  /** Transactional (`api…`): POST and PUT. */
  baseUrl: string;
  /** Queries (`apiquery…`): GET. */
  queryUrl: string;
}

interface Link {
  Method: 'GET' | 'PUT';
  Rel: string;
  Href: string;
}

export function saleLinks(sale: Sale, hosts: Hosts): Link[] {
  const links: Link[] = [{ Method: 'GET', Rel: 'self', Href: `${hosts.queryUrl}/1/sales/${sale.PaymentId}` }];
  if (sale.Status === STATUS.Authorized) links.push({ Method: 'PUT', Rel: 'capture', Href: `${hosts.baseUrl}/1/sales/${sale.PaymentId}/capture` });
  const voidable = sale.Status === STATUS.Authorized || (sale.Status === STATUS.PaymentConfirmed && sale.CapturedAmount > sale.VoidedAmount);
  if (voidable) links.push({ Method: 'PUT', Rel: 'void', Href: `${hosts.baseUrl}/1/sales/${sale.PaymentId}/void` });
  return links;
}

function creditCard(sale: Sale): Record<string, unknown> {
  const c = sale.card;
  // A sale paid with a CardToken answers the token and brand only, as Cielo's example does.
  if (c.byToken) return { SaveCard: false, CardToken: c.CardToken, Brand: c.Brand };
  return { CardNumber: maskCardNumber(c.CardNumber), Holder: c.Holder, ExpirationDate: c.ExpirationDate, SaveCard: c.SaveCard, ...(c.CardToken ? { CardToken: c.CardToken } : {}), Brand: c.Brand };
}

export function renderSale(sale: Sale, hosts: Hosts): Record<string, unknown> {
  const payment: Record<string, unknown> = {
    ServiceTaxAmount: 0,
    Installments: sale.Installments,
    Interest: sale.Interest,
    Capture: sale.Capture,
    Authenticate: false,
    Recurrent: false,
    CreditCard: creditCard(sale),
    Tid: sale.Tid,
    ProofOfSale: sale.ProofOfSale,
    ...(sale.AuthorizationCode ? { AuthorizationCode: sale.AuthorizationCode } : {}),
    ...(sale.SoftDescriptor !== undefined ? { SoftDescriptor: sale.SoftDescriptor } : {}),
    ...(sale.InitiatedTransactionIndicator ? { InitiatedTransactionIndicator: sale.InitiatedTransactionIndicator } : {}),
    PaymentId: sale.PaymentId,
    Type: 'CreditCard',
    Amount: sale.Amount,
    ReceivedDate: cieloDateTime(sale.receivedAt),
    ...(sale.capturedAt ? { CapturedAmount: sale.CapturedAmount, CapturedDate: cieloDateTime(sale.capturedAt) } : {}),
    ...(sale.voidedAt ? { VoidedAmount: sale.VoidedAmount, VoidedDate: cieloDateTime(sale.voidedAt) } : {}),
    Currency: sale.Currency,
    Country: 'BRA',
    ExtraDataCollection: [],
    Status: sale.Status,
    ReturnCode: sale.ReturnCode,
    ReturnMessage: sale.ReturnMessage,
    ...(sale.Chargebacks.length > 0 ? { Chargebacks: sale.Chargebacks } : {}),
    Links: saleLinks(sale, hosts),
  };
  return { MerchantOrderId: sale.MerchantOrderId, ...(sale.Customer ? { Customer: sale.Customer } : {}), Payment: payment };
}

/** The answer of `PUT …/capture` and `PUT …/void`: the sale's status after it, and how it went. */
export function renderOperation(sale: Sale, hosts: Hosts, outcome: { ReturnCode: string; ReturnMessage: string; ReasonCode: ReasonCode }): Record<string, unknown> {
  return {
    Status: sale.Status,
    Tid: sale.Tid,
    ProofOfSale: sale.ProofOfSale,
    ...(sale.AuthorizationCode ? { AuthorizationCode: sale.AuthorizationCode } : {}),
    ReasonCode: outcome.ReasonCode,
    ReasonMessage: reasonMessage(outcome.ReasonCode),
    ProviderReturnCode: outcome.ReturnCode,
    ProviderReturnMessage: outcome.ReturnMessage,
    ReturnCode: outcome.ReturnCode,
    ReturnMessage: outcome.ReturnMessage,
    Links: saleLinks(sale, hosts),
  };
}

/** `GET /1/sales?merchantOrderId=`: the sales of an order, oldest first. */
export function renderOrder(sales: Sale[]): Record<string, unknown> {
  return {
    ReasonCode: 0,
    ReasonMessage: reasonMessage(0),
    // Cielo's example spells the date `ReceveidDate` and its field table `ReceivedDate`: both are sent.
    Payments: sales.map((s) => ({ PaymentId: s.PaymentId, ReceivedDate: cieloDateTime(s.receivedAt), ReceveidDate: cieloDateTime(s.receivedAt) })),
  };
}

/** `GET /embedded/sales`: the books as a test reads them (amounts, voids, chargebacks), cards masked. */
export function renderBooks(sale: Sale): Record<string, unknown> {
  return {
    PaymentId: sale.PaymentId,
    MerchantId: sale.merchantId,
    MerchantOrderId: sale.MerchantOrderId,
    Status: sale.Status,
    ReturnCode: sale.ReturnCode,
    Amount: sale.Amount,
    Installments: sale.Installments,
    ...(sale.InitiatedTransactionIndicator ? { InitiatedTransactionIndicator: sale.InitiatedTransactionIndicator } : {}),
    CapturedAmount: sale.CapturedAmount,
    VoidedAmount: sale.VoidedAmount,
    Voids: sale.voids.map((v) => ({ Amount: v.Amount, Date: cieloDateTime(v.at) })),
    Chargebacks: sale.Chargebacks,
    CardNumber: maskCardNumber(sale.card.CardNumber),
    ...(sale.card.CardToken ? { CardToken: sale.card.CardToken } : {}),
    ReceivedDate: cieloDateTime(sale.receivedAt),
  };
}
