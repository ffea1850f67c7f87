import { pino, type DestinationStream, type Logger } from 'pino';
import { redactFields, redactText, serializeError } from './log-redaction';

export type { Logger };

/**
 * The process's logger. No line carries a credential: fields and messages pass through log-redaction.ts, and
 * errors through its serializer (a failed query never logs its parameters).
 */
export function createLogger(level = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError, error: serializeError },
      formatters: { log: (fields) => redactFields(fields) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          // log.warn(error) would take the error's own message as the line's: give it the redacted one.
          const [first, second] = args as unknown[];
          if (first instanceof Error && typeof second !== 'string') args = [{ err: first }, first.message];
          const safe = args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
          method.apply(this, safe as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

/** A logger that drops everything, for tests and library code run without a server. */
export const silentLogger: Logger = pino({ level: 'silent' });
