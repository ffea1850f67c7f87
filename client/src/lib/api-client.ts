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

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (parsed.error && typeof parsed.error.message === 'string') {
      return new ApiError(
        response.status,
        isErrorCode(parsed.error.code) ? parsed.error.code : null,
        parsed.error.message,
      );
    }
  } catch {
    // Not JSON: fall through to the spec's "status: text" form.
  }
  return new ApiError(response.status, null, `${response.status}: ${text || response.statusText}`);
}

/** The only fetch wrapper of the client: bearer token, JSON (or multipart) in, JSON out, `ApiError` on failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : await tokenProvider();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  // FormData goes as multipart (the browser writes the boundary); anything else as JSON.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: multipart
        ? (options.body as FormData)
        : options.body !== undefined
          ? JSON.stringify(options.body)
          : undefined,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, 'Could not reach the server. Check your connection and try again.');
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}
