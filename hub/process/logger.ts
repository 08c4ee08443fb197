/**
 * Structured logs on stderr, so that stdout carries only the `hub ready ...` line that
 * harnesses parse: one JSON line per event for pipes and log collectors, readable
 * coloured lines (pino-pretty) for a person at a terminal, one line per event there too
 * (a record's fields spread over 4 to 6 lines pushed the pairing links off the screen).
 */
import { type DestinationStream, type Logger, pino } from "pino";
import pretty from "pino-pretty";

export type { Logger };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ["auto", "json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** `auto`: pretty when stderr is a terminal, JSON lines otherwise. */
export function prettyLogs(format: LogFormat): boolean {
  return format === "pretty" || (format === "auto" && process.stderr.isTTY === true);
}

/**
 * The terminal's format: time, level, message, then the record's fields as compact JSON,
 * all on one line.
 */
export function prettyStream(
  destination: number | NodeJS.WritableStream,
  colorize?: boolean,
): DestinationStream {
  return pretty({
    destination,
    sync: true,
    singleLine: true,
    ignore: "pid,hostname,svc",
    translateTime: "HH:MM:ss",
    ...(colorize !== undefined ? { colorize } : {}),
  });
}

export function createLogger(
  level: LogLevel = "info",
  destination?: DestinationStream,
  format: LogFormat = "json",
): Logger {
  // Synchronous stderr writes: a SIGKILL must not swallow the lines that explain it.
  const dest =
    destination ?? (prettyLogs(format) ? prettyStream(2) : pino.destination({ fd: 2, sync: true }));
  return pino({ level, base: { svc: "hub" } }, dest);
}

/** A logger that keeps its records in memory, for tests that assert on warnings. */
export function createMemoryLogger(level: LogLevel = "debug"): {
  logger: Logger;
  records: Record<string, unknown>[];
} {
  const records: Record<string, unknown>[] = [];
  const dest: DestinationStream = {
    write(line: string) {
      records.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  return { logger: pino({ level, base: null }, dest), records };
}
