import { createPrivateKey, X509Certificate } from 'node:crypto';

/**
 * The client certificate a PSP's mutual TLS asks for, checked when it is handed over rather than
 * at the first charge: a PEM certificate, its private key (unencrypted, the one that matches it)
 * and optionally the CA that signed the PSP's server certificate.
 */
export interface TlsMaterial {
  cert: string;
  key: string;
  ca?: string;
}

/** What an operator may read about a client certificate (nothing in it is secret). */
export interface CertificateSummary {
  subject: string;
  issuer: string;
  validTo: string;
  fingerprint256: string;
}

export interface TlsProblem {
  field: 'cert' | 'key' | 'ca';
  message: string;
}

/** The problems of `material` (empty when it is usable); `now` given, a certificate past its end is one. */
export function tlsMaterialProblems(material: Partial<TlsMaterial>, now?: Date): TlsProblem[] {
  const problems: TlsProblem[] = [];
  if (Boolean(material.cert) !== Boolean(material.key)) {
    problems.push({ field: material.cert ? 'key' : 'cert', message: 'The client certificate and its private key go together: give both or neither' });
  }
  if (material.ca && !material.cert) {
    problems.push({ field: 'ca', message: 'A CA is used with a client certificate (the API Pix requires mutual TLS): give the certificate and key too' });
  }
  const cert = material.cert ? parseCertificate(material.cert) : undefined;
  if (cert === null) problems.push({ field: 'cert', message: 'Not a readable PEM certificate' });
  const key = material.key ? parseKey(material.key) : undefined;
  if (key === null) {
    problems.push({ field: 'key', message: 'Not a readable PEM private key (an encrypted key is decrypted first: openssl pkey -in key.pem -out plain.pem)' });
  }
  if (cert && key && !cert.checkPrivateKey(key)) problems.push({ field: 'key', message: 'The private key does not belong to the certificate' });
  if (cert && now && new Date(cert.validTo).getTime() < now.getTime()) {
    problems.push({ field: 'cert', message: `The certificate expired on ${new Date(cert.validTo).toISOString()}` });
  }
  if (material.ca && parseCertificate(material.ca) === null) problems.push({ field: 'ca', message: 'Not a readable PEM certificate' });
  return problems;
}

export function certificateSummary(pem: string): CertificateSummary {
  const cert = new X509Certificate(pem);
  return { subject: cert.subject, issuer: cert.issuer, validTo: new Date(cert.validTo).toISOString(), fingerprint256: cert.fingerprint256 };
}

function parseCertificate(pem: string): X509Certificate | null {
  try {
    return new X509Certificate(pem);
  } catch {
    return null;
  }
}

function parseKey(pem: string): ReturnType<typeof createPrivateKey> | null {
  try {
    return createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    return null;
  }
}
