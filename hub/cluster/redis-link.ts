/**
 * How a cluster hub reaches Redis: one `--cluster` value, read once into the options every
 * connection of the hub is made with (journal and leases, Aedes's persistence, both
 * connections of the shared emitter), so none of them can miss the password, the TLS
 * settings or the Sentinel list.
 *
 *   redis://[USER:PASSWORD@]HOST:PORT            one Redis, plain TCP
 *   rediss://[USER:PASSWORD@]HOST:PORT           one Redis over TLS
 *   redis-sentinel://[USER:PASSWORD@]HOST:PORT,HOST:PORT,.../MASTER
 *                                                the primary named MASTER, as its Sentinels
 *                                                say; a failover moves every connection
 *   rediss-sentinel://...                        the same, TLS to Sentinels and Redis
 *
 * The password may come from a file instead (`--redis-password-file`), so it is in no
 * process list. The URL's password never reaches a log line or an error message: `shown`
 * is the URL without it.
 */
import { readFile } from "node:fs/promises";
import type { RedisOptions } from "ioredis";

export interface RedisLinkOptions {
  /** The `--cluster` value. */
  url: string;
  /** A file whose first line is Redis's password (`requirepass` or the ACL user's). */
  passwordFile?: string | undefined;
  /** A PEM file of the CA that signed Redis's (and the Sentinels') certificate. */
  caFile?: string | undefined;
}

export interface RedisLink {
  /** The URL as it may be shown: never the password. */
  shown: string;
  /** Whether the primary is found through Sentinels (and may move). */
  sentinel: boolean;
  /** Options for a new connection: the link's own, then `extra`. */
  options(extra?: RedisOptions): RedisOptions;
}

const SYNTAX =
  "use redis://[USER:PASSWORD@]HOST:PORT, rediss://… (TLS), or redis-sentinel://[USER:PASSWORD@]HOST:PORT,HOST:PORT/MASTER (rediss-sentinel:// for TLS)";

/** Reads the URL and the files; throws with what is wrong, never with the password. */
export async function openRedisLink(o: RedisLinkOptions): Promise<RedisLink> {
  const parsed = parseRedisUrl(o.url);
  let password = parsed.password;
  if (o.passwordFile) {
    const text = await readFile(o.passwordFile, "utf8").catch((err: NodeJS.ErrnoException) => {
      throw new Error(`--redis-password-file ${o.passwordFile}: ${err.code ?? err.message}`);
    });
    password = text.split(/\r?\n/)[0] ?? "";
    if (password === "") throw new Error(`--redis-password-file ${o.passwordFile}: empty`);
  }
  const ca = o.caFile
    ? await readFile(o.caFile, "utf8").catch((err: NodeJS.ErrnoException) => {
        throw new Error(`--redis-ca ${o.caFile}: ${err.code ?? err.message}`);
      })
    : undefined;
  if (ca !== undefined && !parsed.tls)
    throw new Error(`--redis-ca needs a TLS link (rediss:// or rediss-sentinel://)`);
  const base: RedisOptions = {
    ...(parsed.username ? { username: parsed.username } : {}),
    ...(password ? { password } : {}),
    ...(parsed.tls ? { tls: ca ? { ca } : {} } : {}),
  };
  if (parsed.sentinels) {
    base.sentinels = parsed.sentinels;
    base.name = parsed.master;
    // Ask the Sentinels again at once when they announce a new primary, instead of only
    // after the old one's connection broke.
    base.failoverDetector = true;
    if (parsed.tls) {
      base.enableTLSForSentinelMode = true;
      base.sentinelTLS = ca ? { ca } : {};
    }
  } else {
    base.host = parsed.host;
    base.port = parsed.port;
  }
  return {
    shown: parsed.shown,
    sentinel: parsed.sentinels !== undefined,
    options: (extra) => ({ ...base, ...extra }),
  };
}

interface ParsedUrl {
  shown: string;
  tls: boolean;
  username: string;
  password: string;
  host?: string;
  port?: number;
  sentinels?: { host: string; port: number }[];
  master?: string;
}

/** Splits a `--cluster` value; exported for the tests of its syntax. */
export function parseRedisUrl(url: string): ParsedUrl {
  const m =
    /^(redis|rediss|redis-sentinel|rediss-sentinel):\/\/(?:([^@/]*)@)?([^/?#]*)(\/[^?#]*)?$/.exec(
      url,
    );
  if (!m) throw new Error(`--cluster ${redact(url)}: ${SYNTAX}`);
  const scheme = m[1] as string;
  const auth = m[2];
  const hosts = m[3] as string;
  const path = m[4];
  const tls = scheme.startsWith("rediss");
  const colon = auth ? auth.indexOf(":") : -1;
  const username = auth ? decodeURIComponent(colon < 0 ? auth : auth.slice(0, colon)) : "";
  const password = auth && colon >= 0 ? decodeURIComponent(auth.slice(colon + 1)) : "";
  const shown = `${scheme}://${username ? `${username}@` : ""}${hosts}${path ?? ""}`;
  const bad = (why: string) => new Error(`--cluster ${shown}: ${why}; ${SYNTAX}`);
  const endpoints = hosts.split(",").map((h) => {
    const at = h.lastIndexOf(":");
    const host = (at < 0 ? h : h.slice(0, at)).replace(/^\[(.*)\]$/, "$1");
    const port = Number(at < 0 ? "" : h.slice(at + 1));
    if (host === "" || !Number.isInteger(port) || port < 1 || port > 65535)
      throw bad(`"${h}" is not HOST:PORT`);
    return { host, port };
  });
  if (scheme.endsWith("sentinel")) {
    const master = decodeURIComponent((path ?? "").slice(1));
    if (!/^[A-Za-z0-9._-]+$/.test(master)) throw bad("name the primary after the hosts: /MASTER");
    return { shown, tls, username, password, sentinels: endpoints, master };
  }
  if (endpoints.length !== 1) throw bad("one HOST:PORT (several are for redis-sentinel://)");
  if (path && path !== "/" && path !== "/0") throw bad("database 0 only");
  const [one] = endpoints as [{ host: string; port: number }];
  return { shown, tls, username, password, host: one.host, port: one.port };
}

/** A URL with whatever stands before `@` replaced, for error messages of a URL that did not parse. */
function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//***@");
}
