/**
 * Optional TLS (issue 10): venue Wi-Fi is shared, and silent nights equalise sizes, not
 * contents. With `--tls` the hub adds MQTT over TLS (default 8883) and serves HTTPS and WSS
 * on the HTTP port, with a certificate given by flags or made at first start into the data
 * dir (`tls-cert.pem`, `tls-key.pem` 0600, kept across restarts). Node cannot make an X.509
 * certificate, so `selfsigned` does (EC P-256, native WebCrypto). Clients that cannot check
 * a chain pin the certificate's SHA-256 fingerprint, which the hub logs and shows for
 * pairing.
 */
import { X509Certificate } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { hostname, networkInterfaces } from "node:os";
import { join } from "node:path";
import { generate } from "selfsigned";

export interface TlsMaterial {
  cert: string;
  key: string;
  /** SHA-256 of the certificate (DER), colon-separated upper-case hex as browsers show it. */
  fingerprint: string;
  /** Whether the hub made it now (first start). */
  created: boolean;
}

export const CERT_FILE = "tls-cert.pem";
export const KEY_FILE = "tls-key.pem";

function fingerprintOf(cert: string): string {
  return new X509Certificate(cert).fingerprint256;
}

/** Names the hub answers to on the venue network: localhost, this host, its IP addresses. */
function altNames(): ({ type: 2; value: string } | { type: 7; ip: string })[] {
  const ips = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined)
    .map((a) => a.address.split("%")[0] as string);
  return [
    { type: 2, value: "localhost" },
    { type: 2, value: hostname() },
    ...[...new Set(["127.0.0.1", "::1", ...ips])].map((ip) => ({ type: 7 as const, ip })),
  ];
}

async function readIfThere(path: string): Promise<string | null> {
  return readFile(path, "utf8").catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return null;
    throw err;
  });
}

/** The given certificate and key, else the data dir's, else a new pair written there. */
export async function loadOrMakeTls(
  dataDir: string,
  given?: { cert: string; key: string },
): Promise<TlsMaterial> {
  if (given) {
    const [cert, key] = await Promise.all([
      readFile(given.cert, "utf8"),
      readFile(given.key, "utf8"),
    ]);
    return { cert, key, fingerprint: fingerprintOf(cert), created: false };
  }
  const certPath = join(dataDir, CERT_FILE);
  const keyPath = join(dataDir, KEY_FILE);
  const [cert, key] = await Promise.all([readIfThere(certPath), readIfThere(keyPath)]);
  if (cert && key) return { cert, key, fingerprint: fingerprintOf(cert), created: false };
  const made = await generate([{ name: "commonName", value: "mafia-table-hub" }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notAfterDate: new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000),
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: altNames() },
    ],
  });
  await writeFile(keyPath, made.private, { mode: 0o600 });
  await writeFile(certPath, made.cert, { mode: 0o600 });
  return {
    cert: made.cert,
    key: made.private,
    fingerprint: fingerprintOf(made.cert),
    created: true,
  };
}
