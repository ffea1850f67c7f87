/**
 * What the fuzz test does to a valid request, as fast-check arbitraries: fields missing, extra, null or of the
 * wrong type; hostile strings and numbers; malformed JSON and multipart; ids that only look like ids; credentials
 * that are unknown, revoked, made up or someone else's.
 */
import fc from 'fast-check';
import type { JsonSchema, Operation } from './operations';

export interface Draft {
  method: string;
  path: string;
  params: Record<string, string>;
  /** Path values are sent as they are, not percent-encoded (bad encodings on purpose). */
  rawParams?: boolean;
  query: Record<string, string>;
  headers: Record<string, string>;
  json?: unknown;
  form?: { fields: Record<string, string>; file?: { name: string; data: Buffer; type: string } };
  /** Replaces the body the json or form would make. */
  body?: Buffer;
  contentType?: string;
  /** Multipart framing to spoil: the boundary left out, changed, or the body cut short. */
  framing?: 'no-boundary' | 'wrong-boundary' | 'truncated';
}

/** Who the request claims to be; 'other' is a second person, who must never reach the first one's things. */
export type Credential =
  | 'owner'
  | 'owner-key'
  | 'owner-session'
  | 'other'
  | 'none'
  | 'unknown-bearer'
  | 'basic'
  | 'revoked-key'
  | 'unknown-key'
  | 'nul-cookie'
  | 'made-up-cookie';

export interface Mutation {
  label: string;
  apply(draft: Draft): Draft;
}

/** Strings that have broken servers: control characters, NUL, lone surrogates, very long, injection-shaped. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m\b',
    '\ud800',
    '💥'.repeat(300),
    '../../etc/passwd',
    "' or 1=1 --",
    '%00',
    '%zz',
    'null',
    '\r\nset-cookie: x=1',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 1, maxLength: 8 }).map((s) => s.repeat(3000)),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, 1.5, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double(),
);

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Values for a path or query parameter that look like ids and are not the caller's. */
function idLookAlike(foreignIds: string[]): fc.Arbitrary<string> {
  const hex36 = fc.array(fc.constantFrom(...'0123456789abcdef-'), { minLength: 36, maxLength: 36 });
  return fc.oneof(
    fc.constantFrom(
      '-'.repeat(36),
      'f'.repeat(36),
      '00000000-0000-0000-0000-000000000000',
      'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
      ...foreignIds,
    ),
    fc.uuid(),
    hex36.map((chars) => chars.join('')),
  );
}

/** Dates PostgreSQL cannot hold, and ordinary ones, as ISO text the way a token would carry them. */
const farDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '+010000-01-01T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '-200000-01-01T00:00:00.000Z',
    '+275760-09-13T00:00:00.000Z',
    'not a date',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

/** Opaque tokens (a cursor, say) are often base64 of text: base64url of hostile text and far dates with ids. */
function encodedToken(foreignIds: string[]): fc.Arbitrary<string> {
  const text = fc.oneof(
    hostileString,
    fc.tuple(farDate, idLookAlike(foreignIds)).map(([date, id]) => `${date}|${id}`),
  );
  return text.map((t) => Buffer.from(t).toString('base64url'));
}

function setParam(
  where: 'params' | 'query',
  name: string,
  value: string | undefined,
  label: string,
): Mutation {
  return {
    label,
    apply: (draft) => {
      const next = { ...draft[where] };
      if (value === undefined) delete next[name];
      else next[name] = value;
      return { ...draft, [where]: next };
    },
  };
}

function parameterMutations(operation: Operation, foreignIds: string[]): fc.Arbitrary<Mutation>[] {
  return operation.parameters
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => {
      const where = p.in === 'path' ? 'params' : 'query';
      const values = fc.oneof(hostileString, idLookAlike(foreignIds), encodedToken(foreignIds));
      const options: fc.Arbitrary<Mutation>[] = [
        values.map((v) => setParam(where, p.name, v, `${p.name}=${JSON.stringify(v).slice(0, 60)}`)),
        hostileNumber.map((n) => setParam(where, p.name, String(n), `${p.name}=${n}`)),
      ];
      if (p.in === 'query') options.push(fc.constant(setParam('query', p.name, undefined, `no ${p.name}`)));
      if (p.in === 'path')
        options.push(
          fc.constantFrom('%zz', '%00', '%', 'a'.repeat(5000)).map((v) => ({
            label: `raw ${p.name}=${v.slice(0, 20)}`,
            apply: (d: Draft) => ({ ...d, rawParams: true, params: { ...d.params, [p.name]: v } }),
          })),
        );
      return fc.oneof(...options);
    });
}

function fieldMutations(schema: JsonSchema, foreignIds: string[]): fc.Arbitrary<Mutation>[] {
  const names = Object.keys(schema.properties ?? {});
  const change = (name: string, value: unknown, label: string): Mutation => ({
    label,
    apply: (draft) => {
      if (draft.form) {
        const fields = { ...draft.form.fields };
        if (value === undefined) delete fields[name];
        else fields[name] = typeof value === 'string' ? value : JSON.stringify(value);
        return { ...draft, form: { ...draft.form, fields } };
      }
      const json = { ...(draft.json as object) } as Record<string, unknown>;
      if (value === undefined) delete json[name];
      else json[name] = value;
      return { ...draft, json };
    },
  });
  const options: fc.Arbitrary<Mutation>[] = [
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 12 }), wrongValue)
      .map(([name, v]) => change(`extra_${name}`, v, `extra field ${name}`)),
  ];
  if (names.length > 0) {
    const name = fc.constantFrom(...names);
    options.push(
      name.map((n) => change(n, undefined, `no ${n}`)),
      name.chain((n) => wrongValue.map((v) => change(n, v, `${n}=${JSON.stringify(v)?.slice(0, 60)}`))),
      name.chain((n) => idLookAlike(foreignIds).map((v) => change(n, [v], `${n}=[${v}]`))),
    );
  }
  return options;
}

function jsonBodyMutations(): fc.Arbitrary<Mutation> {
  const replaceBody = (label: string, body: Buffer, contentType?: string): Mutation => ({
    label,
    apply: (d) => ({ ...d, body, contentType: contentType ?? d.contentType }),
  });
  return fc.oneof(
    fc.constantFrom(
      replaceBody('truncated JSON', Buffer.from('{"a": [1, 2')),
      replaceBody('not JSON', Buffer.from('hello')),
      replaceBody('empty JSON body', Buffer.alloc(0)),
      replaceBody('JSON null', Buffer.from('null')),
      replaceBody('JSON array', Buffer.from('[]')),
      replaceBody('NUL escape', Buffer.from('{"\\u0000": "\\u0000"}')),
      replaceBody('deep JSON', Buffer.from(`${'['.repeat(5000)}${']'.repeat(5000)}`)),
      replaceBody('form body', Buffer.from('a=1&b=2'), 'application/x-www-form-urlencoded'),
      replaceBody('text body', Buffer.from('{}'), 'text/plain'),
      replaceBody('xml body', Buffer.from('<a/>'), 'application/xml'),
    ),
    fc
      .jsonValue({ maxDepth: 3 })
      .map((v) => replaceBody('any JSON', Buffer.from(JSON.stringify(v) ?? 'null'))),
  );
}

function multipartMutations(): fc.Arbitrary<Mutation> {
  const framing = (f: NonNullable<Draft['framing']>): Mutation => ({
    label: f,
    apply: (d) => ({ ...d, framing: f }),
  });
  const file = (
    label: string,
    change: (f: NonNullable<Draft['form']>['file']) => Draft['form'],
  ): Mutation => ({
    label,
    apply: (d) => ({ ...d, form: change(d.form?.file) }),
  });
  return fc.oneof(
    fc.constantFrom(framing('no-boundary'), framing('wrong-boundary'), framing('truncated')),
    fc.constantFrom(
      file('no file', () => ({ fields: {} })),
      file('empty file', (f) => ({ fields: {}, file: f && { ...f, data: Buffer.alloc(0) } })),
      file('text as image', (f) => ({ fields: {}, file: f && { ...f, data: Buffer.from('<svg/>') } })),
    ),
    fc.constantFrom('application/json', 'text/plain', 'multipart/mixed; boundary=x').map((type) => ({
      label: `content-type ${type}`,
      apply: (d: Draft) => ({ ...d, contentType: type }),
    })),
  );
}

/** Headers any request may carry, set to things a client should not send. */
function headerMutations(): fc.Arbitrary<Mutation> {
  const header = (name: string, value: string): Mutation => ({
    label: `${name}: ${value.slice(0, 30)}`,
    apply: (d) => ({ ...d, headers: { ...d.headers, [name]: value } }),
  });
  return fc.oneof(
    fc.constantFrom(
      header('x-request-id', '../../\u0000'),
      header('x-request-id', 'r'.repeat(500)),
      header('accept', 'text/html'),
      header('accept-encoding', 'gzip;q=2, br;q=-1'),
      header('prefer', 'respond-async, wait=-5'),
      header('range', 'bytes=-1'),
      header('if-none-match', '*'),
      header('x-forwarded-for', '1.2.3.4, ::1, nonsense'),
      header('cookie', 'theme=dark; sid='),
    ),
    hostileString
      .filter((v) => /^[\x20-\x7e]*$/.test(v) && v.length < 4000)
      .map((v) => header('x-anything', v)),
  );
}

export function credential(): fc.Arbitrary<Credential> {
  return fc.constantFrom<Credential>(
    'owner',
    'owner-key',
    'owner-session',
    'other',
    'none',
    'unknown-bearer',
    'basic',
    'revoked-key',
    'unknown-key',
    'nul-cookie',
    'made-up-cookie',
  );
}

/** One or two mutations of an operation's valid request. */
export function mutations(operation: Operation, foreignIds: string[]): fc.Arbitrary<Mutation[]> {
  const options = [headerMutations(), ...parameterMutations(operation, foreignIds)];
  if (operation.body) {
    options.push(...fieldMutations(operation.body.schema, foreignIds));
    options.push(operation.body.type === 'json' ? jsonBodyMutations() : multipartMutations());
  } else if (operation.method !== 'GET') options.push(jsonBodyMutations());
  return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 2 });
}
