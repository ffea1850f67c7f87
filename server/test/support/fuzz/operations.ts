/**
 * The API's operations as its own OpenAPI document describes them, and for each a valid request built from the
 * document's schemas alone: the fuzz test knows nothing else of the routes.
 */
import type { Draft } from './mutations';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
  contentMediaType?: string;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As in the document: /api/images/{id}/{variant}. */
  path: string;
  parameters: Parameter[];
  body?: { type: 'json' | 'multipart'; schema: JsonSchema };
  /** Absent: public. */
  security?: { [scheme: string]: string[] }[];
  /** The statuses the document declares (plus 'default'). */
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      const body = content?.['application/json']
        ? { type: 'json' as const, schema: content['application/json'].schema }
        : content?.['multipart/form-data']
          ? { type: 'multipart' as const, schema: content['multipart/form-data'].schema }
          : undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body,
        security: op.security as Operation['security'],
        responses: op.responses as Operation['responses'],
      });
    }
  return operations;
}

/** What a valid request may point at: the caller's own things. */
export interface Owned {
  imageId: string;
  keyId: string;
  jobId: string;
}

/** The id a parameter or field names, chosen by what the path is about. */
export function ownedIdFor(path: string, owned: Owned): string {
  if (path.startsWith('/api/keys')) return owned.keyId;
  if (path.startsWith('/api/v1/jobs')) return owned.jobId;
  return owned.imageId;
}

/** A value the schema accepts: the first of an enum, the least number allowed, ids of the caller's own things. */
export function example(schema: JsonSchema, name: string, idOf: () => string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return example(choice.find((s) => s.type !== 'null') ?? choice[0], name, idOf);
  const type = [schema.type ?? 'object'].flat().find((t) => t !== 'null');
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? [])
        value[key] = example(schema.properties?.[key] ?? {}, key, idOf);
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        example(schema.items ?? {}, name, idOf),
      );
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.maximum !== undefined ? Math.min(1, schema.maximum) : 1);
    case 'boolean':
      return false;
    default:
      if (schema.format === 'uuid' || /ids?$/i.test(name)) return idOf();
      if (schema.format === 'email') return 'person@example.com';
      return 'hello there'.padEnd(schema.minLength ?? 0, '.').slice(0, schema.maxLength ?? 100);
  }
}

/** Fills `{name}` segments of a path, each value percent-encoded unless it is sent raw on purpose. */
export function fillPath(path: string, values: Record<string, string>, raw = false): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (raw ? values[name] : percentEncode(values[name])));
}

/** encodeURIComponent, but a lone surrogate goes as the bytes Node would write for it instead of throwing. */
function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** The operation's valid request as a draft to mutate, pointing at `owned` things, with `photo` for files. */
export function validDraft(operation: Operation, owned: Owned, photo: Buffer): Draft {
  const idOf = () => ownedIdFor(operation.path, owned);
  const values = (where: 'path' | 'query') =>
    Object.fromEntries(
      operation.parameters
        .filter((p) => p.in === where && (where === 'path' || p.required || /ids?$/.test(p.name)))
        .map((p) => [p.name, String(example(p.schema, p.name, idOf))]),
    );
  const draft: Draft = {
    method: operation.method,
    path: operation.path,
    params: values('path'),
    query: values('query'),
    headers: {},
  };
  if (operation.body?.type === 'json') draft.json = example(operation.body.schema, 'body', idOf);
  if (operation.body?.type === 'multipart') {
    const fields: Record<string, string> = {};
    let file: NonNullable<Draft['form']>['file'];
    const { properties = {}, required = [] } = operation.body.schema;
    for (const name of required) {
      const schema = properties[name] ?? {};
      if (schema.format === 'binary' || schema.contentMediaType)
        file = { name, data: photo, type: 'image/jpeg' };
      else fields[name] = String(example(schema, name, idOf));
    }
    draft.form = { fields, file };
  }
  return draft;
}
