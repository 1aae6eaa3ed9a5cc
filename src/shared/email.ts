import { domainToUnicode } from 'node:url';
import { z } from 'zod';

/**
 * An e-mail address as the API reads it, in a body or a filter (docs/api-conventions.md).
 * zod's syntax is the `pattern` the OpenAPI document shows; the document also says
 * `format: email`, which holds the address to the limits of RFC 5321 and the DNS that a regex
 * cannot state briefly. The API keeps to both, so what a client validates against the document
 * is what the API accepts: an address zod alone would take (a 100-character local part) would
 * otherwise be stored and then bounce at every mail server.
 */
export function emailLimitsProblem(address: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null; // zod's own check has refused it
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > 64) return 'The part before @ is at most 64 characters';
  if (domain.length > 253) return 'The domain is at most 253 characters';
  for (const label of domain.split('.')) {
    if (label.length > 63) return 'Each part of the domain is at most 63 characters';
    if (label.endsWith('-')) return 'A part of the domain cannot end with -';
    // "--" in 3rd-4th place is reserved for internationalized labels (RFC 5891 4.2.3.1):
    // lower-case xn-- and valid Punycode, which url.domainToUnicode decodes.
    if (label.slice(2, 4) === '--' && !(label.startsWith('xn--') && punycodeDecodes(label))) {
      return 'A part of the domain with -- in 3rd-4th place must be xn-- and valid Punycode';
    }
  }
  return null;
}

/**
 * Whether an xn-- label decodes. Node 22 answers '' for one that does not and Node 24 the label
 * unchanged (where Node 22's URL parser threw and Node 24's accepts it): decoded, it no longer
 * starts with xn--.
 */
function punycodeDecodes(label: string): boolean {
  const decoded = domainToUnicode(label);
  return decoded !== '' && !decoded.startsWith('xn--');
}

/** Every e-mail field and filter; `max` is the column's size. */
export const emailAddress = (max = 255) =>
  z
    .email()
    .max(max)
    .superRefine((address, ctx) => {
      const problem = emailLimitsProblem(address);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
