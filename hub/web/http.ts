/**
 * The HTTP side of the hub: the built display (web-display/dist) at `/`, `/healthz`, and
 * MQTT over WebSocket at `/mqtt`. Nothing secret is ever served: only files under the
 * display's build directory, never the data dir.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import { extname, join, normalize, relative, resolve, sep } from "node:path";
import { createWebSocketStream, WebSocketServer } from "ws";
import { MAX_HOST_PAYLOAD } from "../../protocol/index.js";
import type { HubBroker } from "../mqtt/broker.js";
import type { Health } from "../process/health.js";
import type { Logger } from "../process/logger.js";
import type { ApiHandler } from "./pairing-http.js";
import { type OriginVerdict, setSecurityHeaders } from "./web-security.js";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json",
};

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mafia table hub</title></head>
<body><h1>Mafia table hub</h1>
<p>The hub is running. The display has not been built yet (web-display/dist is missing).</p>
<p>MQTT over WebSocket: <code>/mqtt</code>. Health: <a href="/healthz">/healthz</a>.</p>
</body></html>
`;

export function createHttpServer(opts: {
  broker: HubBroker;
  staticDir: string;
  log: Logger;
  /** Routes answered before the static files (the host's pairing API). */
  api?: ApiHandler;
  /** HTTPS and WSS instead of HTTP and WS on the same port (tls.ts). */
  tls?: { cert: string; key: string } | undefined;
  /** Which page origins may open `/mqtt` (web-security.ts); omitted: any. */
  origins?: (req: IncomingMessage) => OriginVerdict;
  /** What `/healthz` reports (health.ts); without it, always ready. */
  health?: () => Promise<Health>;
}): Server | HttpsServer {
  const { broker, log, api } = opts;
  const health = opts.health ?? (async (): Promise<Health> => ({ ok: true, checks: {} }));
  const root = resolve(opts.staticDir);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    setSecurityHeaders(res);
    const handled = api ? api(req, res) : Promise.resolve(false);
    handled
      .then((done) => (done ? undefined : serve(root, req, res, health)))
      .catch((err: Error) => {
        log.error({ event: "http.error", url: req.url, err: err.message });
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
  };
  const server = opts.tls ? createHttpsServer(opts.tls, handler) : createServer(handler);
  // The host's setup is the largest message; anything bigger is not MQTT traffic of ours.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_HOST_PAYLOAD + 4096 });
  wss.on("connection", (ws, req) => {
    const stream = createWebSocketStream(ws);
    stream.on("error", () => undefined); // closed sockets surface through Aedes's own handlers
    broker.handle(stream, req);
  });
  server.on("upgrade", (req, socket, head) => {
    if (new URL(req.url ?? "/", "http://hub").pathname !== "/mqtt") {
      socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
      return;
    }
    const verdict = opts.origins?.(req) ?? { ok: true };
    if (!verdict.ok) {
      // Before the upgrade: the page gets no socket, and the reason is in the log.
      log.warn(
        { event: "ws.origin_refused", origin: req.headers.origin?.slice(0, 200), why: verdict.why },
        "WebSocket from a page of another origin refused",
      );
      socket.end(
        "HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n" +
          `origin not allowed: ${verdict.why}\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  });
  server.on("close", () => wss.close());
  return server;
}

async function serve(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  health: () => Promise<Health>,
): Promise<void> {
  // Always a path on this hub: `//other.host/x` is a path here, not another host.
  const url = new URL(`http://hub${req.url?.startsWith("/") ? req.url : "/"}`);
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  if (url.pathname === "/healthz") {
    // 200 ready, 503 not: what a load balancer's health check acts on.
    const h = await health();
    res.writeHead(h.ok ? 200 : 503, {
      "content-type": "application/json",
      "cache-control": "no-store",
    });
    res.end(req.method === "HEAD" ? undefined : JSON.stringify(h));
    return;
  }
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  if (rel.endsWith("/")) rel += "index.html";
  const file = normalize(join(root, rel));
  // A path that climbs out of the display's build directory is never served.
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(404).end();
    return;
  }
  const info = await stat(file).catch(() => null);
  if (info?.isDirectory()) {
    // `/host` is the console's folder: send the browser to `/host/`, keeping the query. The
    // location is built from the normalised path inside the build directory only: echoing
    // the request's path let `/.//evil.example/..%2fhost` answer `//evil.example/...`, a
    // link to another host (issue 10).
    const inside = relative(root, file).split(sep).map(encodeURIComponent).join("/");
    res.writeHead(301, { location: `/${inside}/${url.search}` }).end();
    return;
  }
  if (!info?.isFile()) {
    if (rel === "/index.html") {
      res
        .writeHead(200, { "content-type": TYPES[".html"] })
        .end(req.method === "HEAD" ? undefined : PLACEHOLDER);
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    return;
  }
  res.writeHead(200, {
    "content-type": TYPES[extname(file)] ?? "application/octet-stream",
    "content-length": info.size,
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
