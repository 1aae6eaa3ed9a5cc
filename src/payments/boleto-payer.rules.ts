import { documentKind, normalizeDocument } from '../shared/documents';
import type { CustomerAddress } from '../customers/customer.entity';
import type { BoletoPayer } from '../processors/boletos/boleto-issuer.port';

/**
 * Who a boleto names as its payer (pagador). FEBRABAN's registration rules make a boleto
 * unregistrable without the payer's name and CPF/CNPJ, so a boleto payment gets one before any
 * processor is called: the payment's own `boleto.payer`, else the transaction's customer. Pure.
 */

export interface PayerInput {
  name: string;
  document: string;
  address?: CustomerAddress | null;
}

export type PayerProblem = { code: 'boleto_payer_required' | 'boleto_payer_invalid'; message: string };

/**
 * The issuer's address when it has what a registration prints (street, city, a two-letter UF, an
 * 8-digit CEP), else none: an issuer gets a whole address or no address, never a part (a part is
 * refused, and the name and document are what registration requires).
 */
export function issuerAddressOf(a: CustomerAddress | null | undefined): BoletoPayer['address'] {
  const state = a?.state?.trim().toUpperCase() ?? '';
  const zipCode = a?.zipCode?.replace(/\D/g, '') ?? '';
  if (!a?.street?.trim() || !a.city?.trim() || !/^[A-Z]{2}$/.test(state) || zipCode.length !== 8) return null;
  return { street: [a.street.trim(), a.number?.trim()].filter(Boolean).join(', '), city: a.city.trim(), state, zipCode, neighborhood: a.neighborhood?.trim() || undefined };
}

/**
 * The payer of a boleto payment: `given` (the payment's boleto.payer) when present, else the
 * customer. Neither: boleto_payer_required; a name or document that cannot go on a boleto
 * (a passport, wrong check digits): boleto_payer_invalid, naming where it came from.
 */
export function resolveBoletoPayer(given: PayerInput | undefined, customer: PayerInput | null): BoletoPayer | PayerProblem {
  const source = given ? 'boleto.payer' : customer ? 'the customer' : null;
  const payer = given ?? customer;
  if (!payer || !source) {
    return { code: 'boleto_payer_required', message: 'A boleto names its payer: give boleto.payer (name and CPF/CNPJ) or a customerId' };
  }
  const name = payer.name.trim();
  if (name.length < 2) return { code: 'boleto_payer_invalid', message: `The payer's name (${source}) is too short for a boleto` };
  if (!documentKind(payer.document)) return { code: 'boleto_payer_invalid', message: `The payer's document (${source}) is not a valid CPF or CNPJ` };
  return { name, document: normalizeDocument(payer.document), address: issuerAddressOf(payer.address) };
}

export const isPayerProblem = (r: BoletoPayer | PayerProblem): r is PayerProblem => 'code' in r;
