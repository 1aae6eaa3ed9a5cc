import { monotonicFactory } from 'ulid';

/**
 * Every public id is `<prefix>_<26 chars>`: a lower-case ULID, so ids sort by creation time
 * and B-tree inserts stay local. The prefix tells a human (and an operator in the Temporal
 * UI) what kind of thing an id names.
 */
export const ID_PREFIXES = [
  'comp', 'ten', 'key', 'req', 'cust', 'rec', 'rba', 'txn', 'pay', 'spl', 'crd', 'tok', 'ref',
  'wlt', 'wdr', 'whk', 'whd', 'evt', 'plan', 'pli', 'price', 'sub', 'inv', 'chk', 'ci', 'cs',
  'led', 'pst', 'usg', 'kyc',
] as const;
export type IdPrefix = (typeof ID_PREFIXES)[number];

const ulid = monotonicFactory();

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid().toLowerCase()}`;
}

export function hasPrefix(id: string, prefix: IdPrefix): boolean {
  return id.startsWith(`${prefix}_`);
}
