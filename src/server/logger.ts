// Structured JSON logs (pino). Written through an asynchronous buffer so a log line per request
// costs no system call; flushed on shutdown. Nothing logs headers, bodies or query strings.
import pino, { type DestinationStream, type Logger } from 'pino';

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const stream = destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096 });
  // Epoch-millisecond times (pino's default) cost less per line than ISO strings; pino-pretty shows either.
  return pino({ level, base: { pid: process.pid } }, stream);
}

/** Writes out what is buffered; called before the process exits. */
export function flushLogger(logger: Logger): void {
  try {
    logger.flush();
  } catch {
    // A destination that cannot flush (a test stream) has nothing buffered.
  }
}
