import { withCheckDigits } from '../../src/shared/documents';

/** A fresh valid CPF per call (so tests never collide on the global document index). */
let seq = Math.floor(Math.random() * 1_000_000);
export function newCpf(): string {
  seq = (seq + 7919) % 1_000_000_000;
  return withCheckDigits(String(100_000_000 + (seq % 800_000_000)).slice(0, 9));
}

export function newCnpj(): string {
  seq = (seq + 7919) % 1_000_000_000;
  return withCheckDigits(`${String(10_000_000 + (seq % 80_000_000)).slice(0, 8)}0001`);
}

let mail = 0;
export const newEmail = (): string => `seller${Date.now().toString(36)}${++mail}@example.com`;

export const fullAddress = {
  address: 'Av. Paulista',
  number: '1000',
  complement: 'Sala 1',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  postalCode: '01310-100',
  referencePoint: 'Perto do MASP',
};

export function bankAccountFor(document: string) {
  return { bankHolderName: 'Maria Silva', bankHolderDocument: document, bankCode: '341', bankAgency: '0001', bankAccount: '12345', bankAccountDigit: '6', bankName: 'Itaú' };
}

export function sellerBody(overrides: Record<string, unknown> = {}) {
  const document = newCpf();
  return { name: 'Maria Silva', email: newEmail(), document, type: 'individual', phone: '+5511999990000', ...overrides };
}

/** Smallest valid files of each type, by their magic bytes. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
export const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
export const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
