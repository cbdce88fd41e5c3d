// Certificates for `agnt sandbox start --tls`: a local certificate authority made at start, and a
// server certificate it signs for 127.0.0.1 and localhost. The tests make their own with the same
// functions (an expired one, one for another name, client certificates for mutual TLS).
// node:crypto makes and uses keys but does not write X.509 certificates; node-forge does (a
// dependency-free library), and is loaded only here, by `sandbox start --tls` and the tests.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import forge from 'node-forge';

export interface KeyPair {
  /** The certificate, PEM. */
  cert: string;
  /** Its private key, PEM (PKCS#8, unencrypted unless `passphrase` was given). */
  key: string;
}

export interface CertificateOptions {
  /** The subject's common name. */
  name: string;
  /** DNS names and IP addresses the certificate is for (a server's), or none (a client's, a CA's). */
  names?: string[];
  notBefore?: Date;
  notAfter?: Date;
  /** A client certificate (extended key usage clientAuth) rather than a server's. */
  client?: boolean;
  /** Encrypts the private key with this passphrase (PKCS#8, AES-256). */
  passphrase?: string;
}

const DAY = 86_400_000;

function newKey(passphrase?: string): { forgeKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  // The key is made by node:crypto (native; forge's own is pure JavaScript and slow).
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const plain = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pem = passphrase ? privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase }).toString() : plain;
  return {
    forgeKey: forge.pki.privateKeyFromPem(plain) as forge.pki.rsa.PrivateKey,
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()) as forge.pki.rsa.PublicKey,
    pem,
  };
}

function base(opts: CertificateOptions, publicKey: forge.pki.rsa.PublicKey): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial of 16 random bytes (the high bit cleared keeps it positive in DER).
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  cert.serialNumber = serial.toString('hex');
  const now = Date.now();
  cert.validity.notBefore = opts.notBefore ?? new Date(now - DAY);
  cert.validity.notAfter = opts.notAfter ?? new Date(now + 365 * DAY);
  cert.setSubject([{ name: 'commonName', value: opts.name }]);
  return cert;
}

/** A certificate authority: its certificate and key, to sign others with `issue`. */
export function makeAuthority(opts: CertificateOptions): KeyPair {
  const k = newKey(opts.passphrase);
  const cert = base(opts, k.publicKey);
  cert.setIssuer(cert.subject.attributes);
  cert.setExtensions([{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }, { name: 'subjectKeyIdentifier' }]);
  cert.sign(k.forgeKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: k.pem };
}

/** A server's certificate for `names` (or a client's, with `client`), signed by `authority`. */
export function issue(authority: KeyPair, opts: CertificateOptions): KeyPair {
  const k = newKey(opts.passphrase);
  const cert = base(opts, k.publicKey);
  const ca = forge.pki.certificateFromPem(authority.cert);
  cert.setIssuer(ca.subject.attributes);
  const altNames = (opts.names ?? []).map((n) => (isIP(n) ? { type: 7, ip: n } : { type: 2, value: n }));
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: !opts.client, clientAuth: Boolean(opts.client) },
    ...(altNames.length ? [{ name: 'subjectAltName', altNames }] : []),
  ]);
  cert.sign(forge.pki.privateKeyFromPem(authority.key) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: k.pem };
}

/** The sandbox's own: a new authority, and a certificate it signs for this machine's loopback names. */
export function sandboxCertificates(): { authority: KeyPair; server: KeyPair } {
  const authority = makeAuthority({ name: `agnt sandbox local CA ${new Date().toISOString().slice(0, 10)}` });
  const server = issue(authority, { name: 'localhost', names: ['127.0.0.1', '::1', 'localhost'] });
  return { authority, server };
}
