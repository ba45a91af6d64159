import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger, type LoggerOptions as PinoOptions } from 'pino';
import type { YogaLogger } from 'graphql-yoga';

/** LOG_LEVEL's values, most to least severe; `silent` logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type { Logger } from 'pino';

export interface LoggerOptions {
  level: LogLevel;
  /** Human-readable lines (pino-pretty, in a worker thread of pino's transport); default: when stdout is a terminal. */
  pretty?: boolean;
  /** Where JSON lines go (tests); default: stdout, buffered (see below). */
  destination?: DestinationStream;
}

/**
 * The server's logger: one JSON object a line (pino) on stdout, or pretty lines on a terminal.
 * pino-pretty is loaded only then, by pino's transport in a worker thread: a production process
 * (stdout a pipe or a file) never loads it, and formatting never runs on the request path.
 */
export function createLogger({ level, pretty = process.stdout.isTTY, destination }: LoggerOptions): Logger {
  const options: PinoOptions = {
    level,
    base: { service: 'toolgraph', pid: process.pid, hostname: hostname() },
    // `time` stays pino's milliseconds since the epoch: formatting a date costs more than the rest of a line.
    // "level":"warn" rather than pino's number (40): what log platforms index without a mapping.
    formatters: { level: (label) => ({ level: label }) },
  };
  if (destination) return pino(options, destination);
  if (pretty) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' } } });
  }
  // Lines are written 8 KiB at a time, and at least every LOG_FLUSH_MS: a write per line (pino's
  // default) cost a request 40 µs of system calls here, more than the rest of its logging. pino
  // writes what is left when the process exits.
  const stdout = pino.destination({ dest: process.stdout.fd, sync: false, minLength: LOG_BUFFER_BYTES });
  setInterval(() => stdout.flush(), LOG_FLUSH_MS).unref();
  return pino(options, stdout);
}

/** Bytes of log lines gathered before they are written; at most LOG_FLUSH_MS apart all the same. */
const LOG_BUFFER_BYTES = 8192;
const LOG_FLUSH_MS = 200;

/** yoga's own messages (an unexpected error it masked, with its stack) through `logger`. */
export function yogaLogger(logger: Logger): YogaLogger {
  const child = logger.child({ component: 'yoga' });
  // yoga calls debug several times a request: below the level, a call is a function that does nothing.
  const at = (level: 'debug' | 'info' | 'warn' | 'error') =>
    child.isLevelEnabled(level)
      ? (...args: unknown[]) => {
          const [first, ...rest] = args;
          if (first instanceof Error) child[level]({ err: first, details: rest.length ? rest : undefined }, first.message);
          else child[level]({ details: rest.length ? rest : undefined }, String(first));
        }
      : () => undefined;
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
