/**
 * Checks of the buyer's bank account for a boleto refund, as typed on the bank-details page.
 * Pure. Messages are the page's (pt-BR): the buyer reads them.
 */
import { documentKind, normalizeDocument } from '../shared/documents';

export interface BankDetailsInput {
  bankCode: string;
  agency: string;
  account: string;
  accountType: string;
  holderName: string;
  holderDocument: string;
}

export interface CheckedBankDetails {
  bankCode: string;
  agency: string;
  account: string;
  accountType: 'checking' | 'savings';
  holderName: string;
  holderDocument: string;
}

export interface BankDetailsProblem {
  field: keyof BankDetailsInput;
  message: string;
}

const digits = (s: string) => s.replace(/[\s.-]/g, '');

/**
 * The details in canonical form (digits only; the account's check digit kept as its last
 * character), or the problems found. Only their form: whether the holder is the buyer is
 * refund-buyer.rules' question.
 */
export function checkBankDetails(input: BankDetailsInput): { ok: true; details: CheckedBankDetails } | { ok: false; problems: BankDetailsProblem[] } {
  const problems: BankDetailsProblem[] = [];
  const bankCode = digits(input.bankCode);
  const agency = digits(input.agency);
  const account = digits(input.account).toUpperCase();
  const holderName = input.holderName.trim().replace(/\s+/g, ' ');
  const holderDocument = normalizeDocument(input.holderDocument);
  if (!/^\d{3}$/.test(bankCode)) problems.push({ field: 'bankCode', message: 'Código do banco: informe os 3 dígitos (ex.: 001, 237, 341).' });
  if (!/^\d{1,5}$/.test(agency)) problems.push({ field: 'agency', message: 'Agência: informe de 1 a 5 dígitos, sem o dígito verificador.' });
  if (!/^\d{1,12}[0-9X]$/.test(account)) problems.push({ field: 'account', message: 'Conta: informe o número com o dígito (2 a 13 caracteres).' });
  if (input.accountType !== 'checking' && input.accountType !== 'savings') problems.push({ field: 'accountType', message: 'Tipo de conta: escolha corrente ou poupança.' });
  if (holderName.length < 2 || holderName.length > 100) problems.push({ field: 'holderName', message: 'Nome do titular: de 2 a 100 caracteres.' });
  if (!documentKind(holderDocument)) problems.push({ field: 'holderDocument', message: 'CPF/CNPJ do titular inválido: confira os dígitos.' });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, details: { bankCode, agency, account, accountType: input.accountType as 'checking' | 'savings', holderName, holderDocument } };
}
