import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setTokenProvider } from './api-client';

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
