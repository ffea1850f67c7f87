/**
 * The ids the database hands out are UUIDs. Anything a client sends in their place is checked here first, in
 * their one written form (8-4-4-4-12 hex digits): PostgreSQL refuses other text in a uuid column with an error,
 * where the right answer is that no such thing exists. The server, the request schemas and the editor (an id
 * in its address) all use this one pattern.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The same, for ids inside a larger pattern (a URL, say). */
export const UUID_PATTERN = UUID.source.slice(1, -1);
