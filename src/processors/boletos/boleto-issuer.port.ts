/**
 * The boleto rail's port: what Lastro asks of the bank that issues (registers) its boletos. One
 * adapter per wire protocol lives in a folder of its own beside this file (`bb-cobranca/`: Banco
 * do Brasil's API Cobranças v2, online registration). Amounts are integer cents, dates
 * `YYYY-MM-DD`; the adapter converts to and from the wire's. A boleto is named by the number
 * Lastro chooses for it (`number`, BB's numeroTituloCliente): the issuer refuses a second boleto
 * under a number it holds, so a registration retried under the same number never makes two.
 */

/** A fine (multa) charged once when the boleto is paid after its due date: a percent of the amount, or fixed cents. */
export type BoletoFine = { kind: 'percent'; percent: number } | { kind: 'fixed'; amount: number };

/** Interest (juros de mora) for each day after the due date: a monthly percent, or fixed cents per day. */
export type BoletoInterest = { kind: 'monthly_percent'; percent: number } | { kind: 'daily_amount'; amount: number };

/** A discount for paying up to `until` (a date on or before the due date): a percent of the amount, or fixed cents. */
export type BoletoDiscount = { until: string } & ({ kind: 'percent'; percent: number } | { kind: 'fixed'; amount: number });

export interface BoletoPayer {
  name: string;
  /** CPF (11 digits) or CNPJ (14). */
  document: string;
  address?: { street: string; city: string; state: string; zipCode: string; neighborhood?: string } | null;
}

export interface BoletoRegistrationRequest {
  /** Lastro's number for the boleto: the issuer's id of it and the anchor of a retried registration. */
  number: string;
  amount: number;
  /** When it was issued and when it is due (`YYYY-MM-DD`, Brasília). */
  issuedOn: string;
  dueDate: string;
  /** Days after the due date it can still be paid (with fine and interest); 0: not after it. */
  daysPayableAfterDue: number;
  fine?: BoletoFine | null;
  interest?: BoletoInterest | null;
  discount?: BoletoDiscount | null;
  /** Printed on the boleto for the cashier (mensagemBloquetoOcorrencia). */
  instructions?: string | null;
  /** Lastro's own reference printed on it (the payment id's tail). */
  reference: string;
  payer?: BoletoPayer | null;
}

/** Where a boleto stands at its issuer. */
/** canceled: baixado, by request or when its last payable day passed. */
export type BoletoStatus = 'registered' | 'paid' | 'canceled';

export interface IssuedBoleto {
  number: string;
  status: BoletoStatus;
  /** 44 digits. */
  barcode: string;
  /** 47 digits, unformatted. */
  line: string;
  amount: number;
  dueDate: string;
  /** Once paid: what the payer paid (fine and interest in, discount out), and when (`YYYY-MM-DD`). */
  paidAmount: number | null;
  paidOn: string | null;
}

/** A boleto the issuer lists as paid. */
export interface PaidBoleto {
  number: string;
  paidAmount: number;
  paidOn: string;
}

/**
 * An issuer call that did not get an answer Lastro can act on. `retryable`: the issuer was
 * unreachable, timed out, answered 5xx or 429: try again later with the same number (query
 * first). Not retryable: the issuer refused the request (`code` is its error code), so a retry
 * would be refused again.
 */
export class BoletoIssuerError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'BoletoIssuerError';
  }
}

export interface BoletoIssuer {
  /**
   * Registers the boleto, payable at once. Query first: a registration whose answer was lost is
   * resolved by reading the number before any new attempt, and a number the issuer already holds
   * answers that boleto. Never two boletos for one number.
   */
  register(request: BoletoRegistrationRequest): Promise<IssuedBoleto>;
  /** The boleto as the issuer has it now; null when it holds no such number. */
  get(number: string): Promise<IssuedBoleto | null>;
  /**
   * Cancels (baixa) an unpaid boleto. A boleto no longer payable (paid meanwhile, already
   * canceled or expired) is answered as it is, not as an error: the caller reads its status.
   * Null when the issuer holds no such number.
   */
  cancel(number: string): Promise<IssuedBoleto | null>;
  /** The boletos paid with a payment date in [from, to] (`YYYY-MM-DD`), every page: what a reconciliation walks. */
  listPaid(window: { from: string; to: string }): Promise<PaidBoleto[]>;
  close(): Promise<void>;
}
