// Structured JSON logs (pino) on stdout, written asynchronously so a slow reader of the pipe does
// not stall requests. Requests log only when refused or failed unless the level is debug, so the
// volume at info stays small and every line is written as soon as it is made.
import pino, { type DestinationStream, type Logger } from 'pino';

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const stream = destination ?? pino.destination({ dest: 1, sync: false });
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
