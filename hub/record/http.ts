/**
 * The hub serves a game's record to the host only: `GET /record/{table}/{game}` where game
 * is `latest` or a journal name (`game-0001`), with `?format=html|pdf|json|mafiaratings|svg`
 * (default html), `lang`, `vote` (svg), `scoring=1` and `authors=1` (ad authors, forum). Authentication: the table's host
 * password, as HTTP Basic with the host identity (`host/{table}`, as over MQTT, so that a browser can ask
 * for it) or as `Authorization: Bearer <password>` like the pairing API; a display, seat or
 * missing password gets 401. The record holds every role and night choice.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { hostUsername } from "../../protocol/index.js";
import { listGames } from "../journal/journal.js";
import type { Secrets } from "../process/secrets.js";
import { RECORD_CSP } from "../web/web-security.js";
import { RECORD_LANGS, type RecordLang } from "./i18n.js";
import { CONTENT_TYPES, RECORD_FORMATS, type RecordFormat, renderRecord } from "./index.js";
import { type PdfPrinter, PrinterBusy } from "./pdf.js";
import { readJournalForRecord } from "./read.js";
import { defaultScoring } from "./scoring.js";

const PATH = /^\/record\/([a-z0-9-]{1,32})\/(latest|game-\d{4,})$/;

/** The identity and password of a Basic (or Bearer: the host's) Authorization header, or null. */
function credentials(
  req: IncomingMessage,
  table: string,
): { user: string; password: Buffer } | null {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer "))
    return { user: hostUsername(table), password: Buffer.from(header.slice(7), "utf8") };
  if (!header?.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: Buffer.from(decoded.slice(colon + 1), "utf8") };
}

function fail(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): true {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    ...extra,
  });
  res.end(`${message}\n`);
  return true;
}

/** Returns false when the request is not for a record (the caller serves it). */
export function recordRoute(o: {
  dataDir: string;
  secrets: Secrets;
  tables: ReadonlySet<string>;
  /** The hub's one browser for PDFs (pdf.ts). */
  printer: PdfPrinter;
}) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(`http://hub${req.url?.startsWith("/") ? req.url : "/"}`);
    if (!url.pathname.startsWith("/record/")) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return true;
    }
    const match = PATH.exec(url.pathname);
    const table = match?.[1];
    const auth = table ? credentials(req, table) : null;
    // Authentication first, for every record path: an unknown table says nothing more.
    if (
      !table ||
      !auth ||
      auth.user !== hostUsername(table) ||
      !o.secrets.verify(auth.user, auth.password)
    )
      return fail(res, 401, "the host's name and password are needed", {
        "www-authenticate": 'Basic realm="mafia table host", charset="UTF-8"',
      });
    if (!o.tables.has(table)) return fail(res, 404, "no such table");
    const format = (url.searchParams.get("format") ?? "html") as RecordFormat;
    if (!(RECORD_FORMATS as readonly string[]).includes(format))
      return fail(res, 400, `format: one of ${RECORD_FORMATS.join(", ")}`);
    const lang = (url.searchParams.get("lang") ?? "en") as RecordLang;
    if (!(RECORD_LANGS as readonly string[]).includes(lang))
      return fail(res, 400, `lang: one of ${RECORD_LANGS.join(", ")}`);
    const vote = Number(url.searchParams.get("vote") ?? 0);
    if (!Number.isInteger(vote) || vote < 0) return fail(res, 400, "vote: an index, 0 or more");
    const dir = join(o.dataDir, table);
    const games = await listGames(dir);
    const file =
      match?.[2] === "latest" ? games.at(-1) : games.find((g) => g === `${match?.[2]}.jsonl`);
    if (!file) return fail(res, 404, "no such game");
    let body: Buffer;
    try {
      const journal = await readJournalForRecord(join(dir, file));
      const scoring = url.searchParams.get("scoring") === "1" ? defaultScoring() : null;
      // Ad authors (forum) only when the host asks for them by name (FORUM-NEWS-06).
      const authors = url.searchParams.get("authors") === "1";
      const print = (html: string) => o.printer.print(html);
      body = await renderRecord(journal, { format, lang, vote, scoring, authors, print });
    } catch (err) {
      if (err instanceof PrinterBusy)
        return fail(res, 503, err.message, { "retry-after": String(err.retryAfterSeconds) });
      return fail(res, 422, (err as Error).message);
    }
    const name = `${table}-${file.replace(/\.jsonl$/, "")}.${format === "mafiaratings" ? "mafiaratings.json" : format}`;
    res.writeHead(200, {
      "content-type": CONTENT_TYPES[format],
      "content-length": body.length,
      "cache-control": "no-store",
      "content-disposition": `inline; filename="${name}"`,
      // The sheet and the picture load nothing and run nothing.
      "content-security-policy": RECORD_CSP,
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
