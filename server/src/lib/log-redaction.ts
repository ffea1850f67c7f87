/**
 * What may never reach a log line: session ids, tokens, API keys, Stripe secrets and the values of a failed
 * query. Applied by the logger to every line (see logger.ts), whoever logs what.
 */
import { pino } from 'pino';

const CENSORED = '[redacted]';

/** Credentials as they appear inside text: headers copied into a message, a key in an error, a cookie string. */
const SECRET_TEXT: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${CENSORED}`],
  [/\bcsk_[A-Za-z0-9_-]+/g, `csk_${CENSORED}`],
  [/\b(sk|rk|pk)_(live|test)_[A-Za-z0-9]+/g, `$1_$2_${CENSORED}`],
  [/\bwhsec_[A-Za-z0-9+/=]+/g, `whsec_${CENSORED}`],
  [/\bsid=[^;\s"']+/g, `sid=${CENSORED}`],
];

/** Header and field names whose whole value is a credential. */
const SECRET_KEY =
  /^(authorization|cookie|set-cookie|stripe-signature|x-api-key|sid|password|secret|token|apikey)$/i;

export function redactText(text: string): string {
  return SECRET_TEXT.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** A copy of a log line's fields with every credential censored; non-plain objects are left as they are. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) ? CENSORED : redactFields(item, depth + 1),
    ]),
  );
}

interface QueryFailure {
  query?: unknown;
  params?: unknown;
  cause?: { code?: unknown };
}

/**
 * pino's error serializer, made safe: a failed query is logged as its statement's name (the verb and the
 * table) and PostgreSQL's error code, without its text, its parameters or the server's detail (both can carry
 * a session id or a person's data); every other error has its message and stack redacted.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const failure = error as Error & QueryFailure;
  if (typeof failure.query === 'string' && 'params' in failure) {
    const code = failure.cause?.code;
    return {
      type: error.name,
      message: `Failed query: ${statementName(failure.query)}`,
      statement: statementName(failure.query),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  const plain = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  const { detail: _detail, parameters: _parameters, ...rest } = plain;
  return redactFields(rest);
}

/** "select sessions", "insert into processed_images": enough to find the call, nothing of its values. */
export function statementName(query: string): string {
  const verb =
    /^\s*(select|insert into|update|delete from|with)\b/i.exec(query)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:from|into|update)\s+"?([A-Za-z_][\w]*)"?/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}
