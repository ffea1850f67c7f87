/** What the fuzz test holds every answer to. */
import { ERROR_CODES } from '@common/errors';
import type { Credential, Draft } from './mutations';
import type { Operation, Owned } from './operations';
import type { RawResponse } from './raw-http';

const OWNER: Credential[] = ['owner', 'owner-key', 'owner-session'];

/**
 * Why an answer is wrong, or null: a reset; a 5xx the operation does not document; an error that is not
 * `{ error: { code, message } }` with a known code and a readable message; a success that named or returned
 * something of a person other than the caller.
 */
export function fault(
  operation: Operation,
  request: { who: Credential; draft: Draft; owned: Owned; foreign: Owned },
  response: RawResponse,
): string | null {
  if (response.reset || response.status === 0) return 'the connection was reset';
  const text = response.body.toString('utf8');
  if (response.status >= 500 && !(String(response.status) in operation.responses))
    return `an undocumented ${response.status}: ${text.slice(0, 200)}`;
  if (response.status >= 400) {
    let body: { error?: { code?: string; message?: string } } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      return `a ${response.status} that is not JSON: ${text.slice(0, 120)}`;
    }
    const { code, message } = body?.error ?? {};
    if (!ERROR_CODES.includes(code as never) || typeof message !== 'string' || message.length < 10)
      return `a ${response.status} out of shape: ${JSON.stringify(body).slice(0, 200)}`;
  }
  const { who, draft, owned, foreign } = request;
  const theirs = Object.values(OWNER.includes(who) ? foreign : owned);
  // What the server reads as ids; a form field it ignores (a text part named like the file) names nothing.
  const asked = JSON.stringify([draft.params, draft.query, draft.json]);
  if (response.status < 300 && theirs.some((id) => asked.includes(id) || text.includes(id)))
    return `a ${response.status} that reached another person's things`;
  return null;
}
