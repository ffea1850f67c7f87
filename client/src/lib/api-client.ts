import { ERROR_CODES, type ErrorCode } from '@common/errors';

/** A failed call: `status` is the HTTP status (0 when the network failed), `code` comes from the server's body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type TokenProvider = () => Promise<string | null>;

let tokenProvider: TokenProvider = async () => null;

/** The auth feature registers how to get the current ID token; lib stays free of Firebase. */
export function setTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Overrides the registered token provider, e.g. right after sign-in. `null` sends no token. */
  token?: string | null;
  signal?: AbortSignal;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** A failed answer as ApiError: the server's `{ error: { code, message } }`, else the spec's "status: text". */
function errorFrom(status: number, statusText: string, text: string): ApiError {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (parsed.error && typeof parsed.error.message === 'string') {
      return new ApiError(
        status,
        isErrorCode(parsed.error.code) ? parsed.error.code : null,
        parsed.error.message,
      );
    }
  } catch {
    // Not JSON: fall through to the "status: text" form.
  }
  return new ApiError(status, null, `${status}: ${text || statusText}`);
}

async function toApiError(response: Response): Promise<ApiError> {
  return errorFrom(response.status, response.statusText, await response.text().catch(() => ''));
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** The only fetch wrapper of the client: bearer token, JSON in and out, `ApiError` on failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : await tokenProvider();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, NETWORK_MESSAGE);
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}

/**
 * A file answer as a Blob: GET one of the person's own images (sent by cookie), or POST with the bearer
 * token for a computed one (a proposed mask, a selection), with a JSON `body` when given; failures as
 * apiRequest.
 */
export async function apiBlob(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<Blob> {
  const token = options.method === 'POST' ? await tokenProvider() : null;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'include',
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, NETWORK_MESSAGE);
  }
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

/**
 * POSTs a multipart form with the bearer token and reports the share of it sent so far (0..1); answers and
 * failures as apiRequest. XMLHttpRequest, because fetch cannot report upload progress.
 */
export async function apiUpload<T = unknown>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  const token = await tokenProvider();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(errorFrom(xhr.status, xhr.statusText, xhr.responseText));
      try {
        resolve(JSON.parse(xhr.responseText) as T);
      } catch {
        reject(new ApiError(xhr.status, null, 'The server sent an answer that could not be read.'));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, null, NETWORK_MESSAGE));
    xhr.send(form);
  });
}

/**
 * POSTs JSON and hands each line of a newline-delimited JSON answer to `onLine` as it arrives; a refusal
 * before the stream starts fails as apiRequest does.
 */
export async function apiLines<T>(path: string, body: unknown, onLine: (line: T) => void): Promise<void> {
  const token = await tokenProvider();
  const headers: Record<string, string> = {
    accept: 'application/x-ndjson, application/json',
    'content-type': 'application/json',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, null, NETWORK_MESSAGE);
  }
  if (!response.ok || !response.body) throw await toApiError(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += value;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLine(JSON.parse(line) as T);
    }
  } catch {
    throw new ApiError(0, null, NETWORK_MESSAGE);
  }
  if (pending.trim()) onLine(JSON.parse(pending) as T);
}
