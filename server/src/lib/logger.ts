import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level = 'info'): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

/** A logger that drops everything, for tests and library code run without a server. */
export const silentLogger: Logger = pino({ level: 'silent' });
