import { createHash } from 'node:crypto';
import type { KycFileKind } from './recipient.entity';

/**
 * KYC document intake: size limits and type sniffing by magic bytes. The declared type
 * (a data-URL prefix, a Content-Type header) is never trusted: a file is what its first
 * bytes say, and only the formats listed per kind are kept.
 */

/** Largest KYC file accepted, after base64 decoding (5 MiB: a phone photo or a scanned PDF). */
export const MAX_KYC_FILE_BYTES = 5 * 1024 * 1024;

export const KYC_FILE_KINDS: readonly KycFileKind[] = ['identificationDocument', 'selfie', 'socialContract'];

type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** Which formats each document may be: a selfie is a photo; documents may also be PDFs. */
export const ALLOWED_TYPES: Record<KycFileKind, readonly SniffedType[]> = {
  identificationDocument: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  selfie: ['image/jpeg', 'image/png', 'image/webp'],
  socialContract: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
};

/** The real type of `bytes` from its signature, or null for anything else. */
export function sniffType(bytes: ArrayLike<number>): SniffedType | null {
  const starts = (sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  return null;
}

export interface CheckedFile {
  kind: KycFileKind;
  contentType: SniffedType;
  data: Buffer;
  sizeBytes: number;
  sha256: string;
}

/** Checks raw bytes for a kind; returns the file or a message fit for an error body. */
export function checkFileBytes(kind: KycFileKind, data: Buffer): CheckedFile | string {
  if (data.length === 0) return 'File is empty';
  if (data.length > MAX_KYC_FILE_BYTES) return `File is larger than ${MAX_KYC_FILE_BYTES / 1024 / 1024} MiB`;
  const contentType = sniffType(data);
  if (!contentType || !ALLOWED_TYPES[kind].includes(contentType)) {
    return `File must be ${ALLOWED_TYPES[kind].map((t) => t.split('/')[1].toUpperCase()).join(', ')} (checked by its content)`;
  }
  return { kind, contentType, data, sizeBytes: data.length, sha256: sha256Hex(data) };
}

/** Hex SHA-256 (the cast bridges @types/node 20's Buffer and TS 5.9's generic Uint8Array). */
export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data as unknown as string).digest('hex');
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,/;

/**
 * Decodes a base64 file of the API (a bare string, or a data URL whose declared type is
 * ignored) and checks it. The length is checked before decoding, so an oversized string
 * costs no allocation.
 */
export function decodeBase64File(kind: KycFileKind, value: string): CheckedFile | string {
  const b64 = value.replace(DATA_URL, '').replace(/\s+/g, '');
  if (b64.length > Math.ceil(MAX_KYC_FILE_BYTES / 3) * 4) return `File is larger than ${MAX_KYC_FILE_BYTES / 1024 / 1024} MiB`;
  if (b64.length % 4 !== 0 || !BASE64.test(b64)) return 'File must be base64-encoded';
  return checkFileBytes(kind, Buffer.from(b64, 'base64'));
}
