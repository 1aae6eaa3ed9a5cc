import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCertificates } from '../../src/processors/embedded/pix/tls';

/** A client certificate for a PSP's mutual TLS, as PEM files and their contents (made by openssl, like the embedded PSP's). */
export interface ClientCertificate {
  dir: string;
  certFile: string;
  keyFile: string;
  caFile: string;
  /** A private key that is not the certificate's (the server's). */
  otherKeyFile: string;
  cert: string;
  key: string;
  ca: string;
  otherKey: string;
  /** The start of the private key's PEM body: what a leak scan looks for. */
  keyBody: string;
}

/** One certificate for the file, made in beforeAll in a temporary folder removed in afterAll; read it in a hook or a test. */
export function useClientCertificate(): () => ClientCertificate {
  let made: ClientCertificate | undefined;
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'lastro-pcn-'));
    const certs = makeCertificates(join(dir, 'tls'), '127.0.0.1', 'lastro-client');
    const otherKeyFile = join(certs.dir, 'server-key.pem');
    const key = readFileSync(certs.clientKeyFile, 'utf8');
    made = {
      dir,
      certFile: certs.clientCertFile,
      keyFile: certs.clientKeyFile,
      caFile: certs.caFile,
      otherKeyFile,
      cert: readFileSync(certs.clientCertFile, 'utf8'),
      key,
      ca: readFileSync(certs.caFile, 'utf8'),
      otherKey: readFileSync(otherKeyFile, 'utf8'),
      keyBody: key.replace(/-----[^-]+-----|\s/g, '').slice(0, 64),
    };
  });
  afterAll(() => made && rmSync(made.dir, { recursive: true, force: true }));
  return () => {
    if (!made) throw new Error('useClientCertificate: made in beforeAll; read it in a hook or a test');
    return made;
  };
}
