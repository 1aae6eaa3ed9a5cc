import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Certificates for the embedded PSP's mutual TLS, made at start with the `openssl` CLI: a CA, a
 * server certificate for the bound host, and a client certificate for the OAuth2 client. Written
 * to `dir` as `ca.pem`, `server.pem`/`server-key.pem`, `client.pem`/`client-key.pem`, so the
 * caller (a test, the dev stack) reads the client's files from the folder it chose.
 */
export interface PspCertificates {
  dir: string;
  ca: Buffer;
  serverCert: Buffer;
  serverKey: Buffer;
  clientCertFile: string;
  clientKeyFile: string;
  caFile: string;
}

export function makeCertificates(dir: string, host: string, clientCommonName: string): PspCertificates {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const f = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const days = '7';
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca-key.pem'), '-out', f('ca.pem'), '-days', days, '-subj', '/CN=Lastro embedded Pix PSP CA');
  const issue = (name: string, cn: string, ext: string) => {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f(`${name}-key.pem`), '-out', f(`${name}.csr`), '-subj', `/CN=${cn}`);
    fs.writeFileSync(f(`${name}.ext`), ext);
    openssl('x509', '-req', '-in', f(`${name}.csr`), '-CA', f('ca.pem'), '-CAkey', f('ca-key.pem'), '-CAcreateserial', '-out', f(`${name}.pem`), '-days', days, '-extfile', f(`${name}.ext`));
  };
  const san = /^[\d.]+$|:/.test(host) ? `IP:${host.replace(/^\[|\]$/g, '')}` : `DNS:${host}`;
  issue('server', host, `subjectAltName=${san},DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n`);
  issue('client', clientCommonName, 'extendedKeyUsage=clientAuth\n');
  for (const name of ['ca-key.pem', 'server-key.pem', 'client-key.pem']) fs.chmodSync(f(name), 0o600);
  return {
    dir,
    ca: fs.readFileSync(f('ca.pem')),
    serverCert: fs.readFileSync(f('server.pem')),
    serverKey: fs.readFileSync(f('server-key.pem')),
    clientCertFile: f('client.pem'),
    clientKeyFile: f('client-key.pem'),
    caFile: f('ca.pem'),
  };
}
