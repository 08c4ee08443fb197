/**
 * Structured logs: one JSON line per event, on stderr, so that stdout carries only the
 * `hub ready ...` line that harnesses parse.
 */
import { type DestinationStream, type Logger, pino } from "pino";

export type { Logger };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function createLogger(level: LogLevel = "info", destination?: DestinationStream): Logger {
  // Synchronous stderr writes: a SIGKILL must not swallow the lines that explain it.
  const dest = destination ?? pino.destination({ fd: 2, sync: true });
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
