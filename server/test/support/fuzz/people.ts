/**
 * The two people a fuzz run needs, made through the API itself: each with a photo, an API key and an edit job;
 * the first also with a session cookie and a revoked key.
 */
import type { Credentials } from './encode';
import type { Owned } from './operations';
import type { RawRequest, RawResponse } from './raw-http';

type Send = (request: RawRequest) => Promise<RawResponse>;

const json = (response: RawResponse) => JSON.parse(response.body.toString('utf8'));

function expectStatus(response: RawResponse, status: number, what: string): RawResponse {
  if (response.status !== status)
    throw new Error(
      `setting up, ${what} answered ${response.status}: ${response.body.toString().slice(0, 200)}`,
    );
  return response;
}

async function setUpPerson(send: Send, uid: string, photo: Buffer) {
  const token = `${uid}:${uid}@example.com`;
  const auth = { authorization: `Bearer ${token}` };
  const boundary = 'setup';
  const form = (fields: Record<string, string>, fileField: string) =>
    Buffer.concat([
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="p.jpg"\r\n` +
          'content-type: image/jpeg\r\n\r\n',
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const upload = await send({
    method: 'POST',
    target: '/api/upload',
    headers: { ...auth, ...multipart },
    body: form({ editingMode: 'image-upscale' }, 'file'),
  });
  const createKey = (name: string) =>
    send({
      method: 'POST',
      target: '/api/keys',
      headers: { ...auth, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ name })),
    }).then((r) => json(expectStatus(r, 201, 'creating a key')));
  const key = await createKey('fuzz');
  const edit = await send({
    method: 'POST',
    target: '/api/v1/edit',
    headers: { ...auth, ...multipart, prefer: 'respond-async' },
    body: form({ mode: 'image-upscale' }, 'image'),
  });
  return {
    owned: {
      imageId: json(expectStatus(upload, 201, 'an upload')).id,
      keyId: key.id,
      jobId: json(expectStatus(edit, 202, 'an edit')).id,
    } satisfies Owned,
    token,
    key: key.key as string,
    auth,
    createKey,
  };
}

export async function setUpPair(
  send: Send,
  tag: string,
  photo: Buffer,
): Promise<{ owned: Owned; foreign: Owned; credentials: Credentials }> {
  const owner = await setUpPerson(send, `fuzz-owner-${tag}`, photo);
  const other = await setUpPerson(send, `fuzz-other-${tag}`, photo);
  const session = expectStatus(
    await send({ method: 'POST', target: '/api/auth/session', headers: owner.auth }),
    204,
    'signing in',
  );
  const revoked = await owner.createKey('to revoke');
  expectStatus(
    await send({ method: 'DELETE', target: `/api/keys/${revoked.id}`, headers: owner.auth }),
    204,
    'revoking a key',
  );
  return {
    owned: owner.owned,
    foreign: other.owned,
    credentials: {
      ownerToken: owner.token,
      ownerKey: owner.key,
      ownerSid: /sid=([^;]+)/.exec(session.headers['set-cookie'] ?? '')![1],
      otherToken: other.token,
      revokedKey: revoked.key,
    },
  };
}
