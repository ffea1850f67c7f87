/** A fuzz draft made into the bytes sent: path, query, credential headers, and a JSON or multipart body. */
import { randomBytes } from 'node:crypto';
import type { Credential, Draft } from './mutations';
import { fillPath } from './operations';
import type { RawRequest } from './raw-http';

/** What the credentials stand for in this run: tokens and keys the set-up made. */
export interface Credentials {
  ownerToken: string;
  ownerKey: string;
  ownerSid: string;
  otherToken: string;
  revokedKey: string;
}

export function credentialHeaders(who: Credential, c: Credentials): Record<string, string> {
  const random = randomBytes(12).toString('base64url');
  switch (who) {
    case 'owner':
      return { authorization: `Bearer ${c.ownerToken}` };
    case 'owner-key':
      return { authorization: `Bearer ${c.ownerKey}` };
    case 'owner-session':
      return { cookie: `sid=${c.ownerSid}` };
    case 'other':
      return { authorization: `Bearer ${c.otherToken}` };
    case 'none':
      return {};
    case 'unknown-bearer':
      return { authorization: `Bearer ${random}` };
    case 'basic':
      return { authorization: `Basic ${random}` };
    case 'revoked-key':
      return { authorization: `Bearer ${c.revokedKey}` };
    case 'unknown-key':
      return { authorization: `Bearer csk_${random}` };
    case 'nul-cookie':
      return { cookie: `sid=%00${random}` };
    case 'made-up-cookie':
      return { cookie: `sid=${random}` };
  }
}

export function encode(draft: Draft, credentials: Record<string, string>): RawRequest {
  const query = new URLSearchParams(draft.query).toString();
  const target = `${fillPath(draft.path, draft.params, draft.rawParams)}${query ? `?${query}` : ''}`;
  const headers = { ...draft.headers, ...credentials };
  let body = draft.body;
  let contentType = draft.contentType;
  if (!body && draft.form) {
    const boundary = `fuzz${randomBytes(8).toString('hex')}`;
    body = multipartBody(draft.form, boundary);
    if (draft.framing === 'truncated') body = body.subarray(0, Math.floor(body.length * 0.6));
    const declared = draft.framing === 'wrong-boundary' ? `${boundary}x` : boundary;
    contentType ??=
      draft.framing === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${declared}`;
  } else if (!body && draft.json !== undefined) {
    body = Buffer.from(JSON.stringify(draft.json));
    contentType ??= 'application/json';
  }
  if (body && contentType) headers['content-type'] = contentType;
  return { method: draft.method, target, headers, body };
}

function multipartBody(form: NonNullable<Draft['form']>, boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(form.fields))
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (form.file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${form.file.name}"; filename="photo.jpg"\r\ncontent-type: ${form.file.type}\r\n\r\n`,
      ),
      form.file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}
