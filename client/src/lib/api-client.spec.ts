import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiBlob, apiRequest, apiUpload, setTokenProvider } from './api-client';

function answer(status: number, body: string, type = 'application/json') {
  return vi.fn(
    async () => new Response(status === 204 ? null : body, { status, headers: { 'content-type': type } }),
  );
}

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setTokenProvider(async () => null);
  });

  it('sends the bearer token, credentials and a JSON body, and parses the JSON answer', async () => {
    const fetchMock = answer(201, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    setTokenProvider(async () => 'token-1');

    const sut = await apiRequest('/api/contact', { method: 'POST', body: { message: 'hi' } });

    expect(sut).toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/contact');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"message":"hi"}' });
    expect(init.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
    });
  });

  it('throws ApiError with the status and code of the server error body', async () => {
    vi.stubGlobal(
      'fetch',
      answer(503, '{"error":{"code":"PAYMENTS_NOT_CONFIGURED","message":"Payments are not configured."}}'),
    );
    const sut = apiRequest('/api/create-subscription', { method: 'POST', body: { plan: 'monthly' } });
    await expect(sut).rejects.toMatchObject({
      name: 'ApiError',
      status: 503,
      code: 'PAYMENTS_NOT_CONFIGURED',
      message: 'Payments are not configured.',
    });
  });

  it('falls back to "status: text" for a body that is not an error object', async () => {
    vi.stubGlobal('fetch', answer(502, 'Bad gateway', 'text/plain'));
    await expect(apiRequest('/api/config')).rejects.toEqual(new ApiError(502, null, '502: Bad gateway'));
  });

  it('sends no authorization header when told there is no token', async () => {
    const fetchMock = answer(204, '');
    vi.stubGlobal('fetch', fetchMock);
    setTokenProvider(async () => 'ignored');
    await apiRequest('/api/auth/session', { method: 'DELETE', token: null });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('authorization');
  });
});

/** The part of XMLHttpRequest that apiUpload uses; `answer` plays the server once the form is sent. */
function fakeXhr(answer: (xhr: FakeXhr) => void) {
  const sent: FakeXhr[] = [];
  class FakeXhr {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    body: unknown;
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      this.body = body;
      sent.push(this);
      answer(this);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
type FakeXhr = ReturnType<typeof fakeXhr>[number];

describe('apiUpload', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setTokenProvider(async () => null);
  });

  it('posts the form with the token and credentials, reports progress and parses the answer', async () => {
    setTokenProvider(async () => 'token-2');
    const sent = fakeXhr((xhr) => {
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
      Object.assign(xhr, { status: 201, responseText: '{"id":"abc"}' });
      xhr.onload?.();
    });
    const form = new FormData();
    const progress: number[] = [];

    const sut = await apiUpload('/api/upload', form, (fraction) => progress.push(fraction));

    expect(sut).toEqual({ id: 'abc' });
    expect(progress).toEqual([0.25, 1]);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/upload', withCredentials: true, body: form });
    expect(sent[0].headers.authorization).toBe('Bearer token-2');
  });

  it('rejects with the server error body, or a network error', async () => {
    fakeXhr((xhr) => {
      Object.assign(xhr, {
        status: 413,
        responseText: '{"error":{"code":"PAYLOAD_TOO_LARGE","message":"Too large."}}',
      });
      xhr.onload?.();
    });
    await expect(apiUpload('/api/upload', new FormData())).rejects.toEqual(
      new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Too large.'),
    );
    fakeXhr((xhr) => xhr.onerror?.());
    await expect(apiUpload('/api/upload', new FormData())).rejects.toMatchObject({ status: 0 });
  });
});

describe('apiBlob', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the file of an ok answer and throws ApiError for any other', async () => {
    vi.stubGlobal('fetch', answer(200, 'PNGBYTES', 'image/png'));
    expect(await (await apiBlob('/api/images/1/result')).text()).toBe('PNGBYTES');
    vi.stubGlobal('fetch', answer(429, '{"error":{"code":"RATE_LIMITED","message":"Too many requests."}}'));
    await expect(apiBlob('/api/images/1/result')).rejects.toEqual(
      new ApiError(429, 'RATE_LIMITED', 'Too many requests.'),
    );
  });

  it('posts a JSON body with the bearer token for a computed file (a selection)', async () => {
    setTokenProvider(async () => 'tok');
    const fetch = answer(200, 'MASK', 'image/png');
    vi.stubGlobal('fetch', fetch);
    const body = { points: [{ x: 3, y: 4, label: 1 }] };
    expect(await (await apiBlob('/api/images/1/select', { method: 'POST', body })).text()).toBe('MASK');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify(body) });
    expect(init.headers).toEqual({ authorization: 'Bearer tok', 'content-type': 'application/json' });
    setTokenProvider(async () => null);
  });
});
