import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TlsCertificate {
  key: string;
  /** the self-signed certificate: a client trusts it by taking it as its certificate authority */
  cert: string;
}

/**
 * A P-256 key and a self-signed certificate for `names` (IP addresses and host names), made by OpenSSL for a
 * fake service that must speak https (the app sends to push endpoints over https only).
 */
export function selfSignedCertificate(names: readonly string[] = ['127.0.0.1', 'localhost']): TlsCertificate {
  const folder = mkdtempSync(path.join(tmpdir(), 'omnichat-tls-'));
  try {
    const keyFile = path.join(folder, 'key.pem');
    const certFile = path.join(folder, 'cert.pem');
    const altNames = names.map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=omnichat test fake',
        '-addext',
        `subjectAltName=${altNames}`,
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'pipe' },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
