import { randomBytes, randomInt } from 'node:crypto';
import { withCheckDigits } from '../../src/shared/documents';

/**
 * The canary's markers: every secret and personal datum of a merchant journey, each a valid
 * value (a CPF with its check digits, an e-mail, a +55 phone, a PNG) unique to the run, so a
 * plain search of everything the processes printed finds any of them that leaked. Each
 * marker is searched in the forms it can take on the way out: as sent, punctuated (a CPF),
 * hex (bytea, as MikroORM writes a KYC file into SQL) and base64.
 */
export interface Marker {
  kind: string;
  value: string;
  /** Every form to search for; `value` among them. */
  forms: string[];
}

const hex = (bytes = 5) => randomBytes(bytes).toString('hex');

/** A valid CPF whose nine first digits are random to this run. */
export function markedCpf(): string {
  return withCheckDigits(String(randomInt(100_000_000, 1_000_000_000)));
}

export const formattedCpf = (cpf: string): string => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

export class Markers {
  readonly all: Marker[] = [];

  add(kind: string, value: string, more: string[] = []): string {
    this.all.push({ kind, value, forms: [value, ...more] });
    return value;
  }
  cpf(kind: string): string {
    const cpf = markedCpf();
    return this.add(kind, cpf, [formattedCpf(cpf)]);
  }
  email(kind: string): string {
    return this.add(kind, `canary.${hex()}@example.com`);
  }
  /** A Brazilian mobile number: +55 11 9XXXX-XXXX, the eight last digits random. */
  phone(kind: string): string {
    const digits = String(randomInt(10_000_000, 100_000_000));
    return this.add(kind, `+55119${digits}`, [`9${digits}`]);
  }
  text(kind: string, prefix: string): string {
    return this.add(kind, `${prefix} ${hex()}`);
  }
  /** Letters only, for a name field that refuses digits (a card holder's). */
  name(kind: string, prefix: string): string {
    const letters = Array.from(randomBytes(10), (b) => String.fromCharCode(65 + (b % 26))).join('');
    return this.add(kind, `${prefix} ${letters}`);
  }
  /** Digits only (a bank account, an agency): long enough to occur nowhere by chance. */
  digits(kind: string, length: number): string {
    let d = String(randomInt(1, 10));
    while (d.length < length) d += String(randomInt(0, 10));
    return this.add(kind, d);
  }
  /** A file's bytes with a marker inside: searched as text, as hex and as the whole file's base64. */
  file(kind: string, head: Buffer): Buffer {
    const mark = `canary-file-${hex()}`;
    const bytes = Buffer.concat([head, Buffer.from(mark, 'latin1')]);
    this.add(kind, mark, [Buffer.from(mark, 'latin1').toString('hex'), bytes.toString('base64'), bytes.toString('hex')]);
    return bytes;
  }
}

export interface Leak {
  kind: string;
  form: string;
  where: string;
  line: string;
}

/** Every place a marker's form occurs in `sources` (name → text), with the line for the failure message. */
export function findLeaks(markers: Marker[], sources: Record<string, string>): Leak[] {
  const leaks: Leak[] = [];
  for (const [where, text] of Object.entries(sources)) {
    const lower = text.toLowerCase();
    for (const marker of markers) {
      for (const form of marker.forms) {
        const at = lower.indexOf(form.toLowerCase());
        if (at === -1) continue;
        const start = text.lastIndexOf('\n', at) + 1;
        const end = text.indexOf('\n', at);
        leaks.push({ kind: marker.kind, form, where, line: text.slice(start, end === -1 ? undefined : end).slice(0, 400) });
      }
    }
  }
  return leaks;
}

/**
 * A card's number cannot carry a marker (the sandbox approves test PANs): it is searched as
 * sent, grouped by spaces, and without its last four digits (what a truncation would leave);
 * its CVV, three digits that occur in any id, next to a `cvv` key in any quoting.
 */
export function cardForms(pan: string, cvv: string): { pan: Marker; cvvPattern: RegExp } {
  return {
    pan: { kind: 'card number', value: pan, forms: [pan, pan.replace(/(\d{4})(?=\d)/g, '$1 '), pan.slice(0, -4)] },
    cvvPattern: new RegExp(`cvv['"]?\\s*[:=]\\s*['"]?${cvv}\\b`, 'i'),
  };
}
