import { createHash } from 'node:crypto';
import { SESSION_COOKIE } from './authenticate';

interface KeyedRequest {
  headers: { authorization?: string; cookie?: string };
  ip: string;
}

const SESSION = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);

/**
 * Whose budget a request spends: the bearer token's, else the session cookie's (images and the progress stream
 * are fetched by the browser with the cookie alone), else the address's. People behind one address (an office,
 * a mobile carrier) thus never share a budget once signed in.
 */
export function rateLimitKey(request: KeyedRequest): string {
  const auth = request.headers.authorization;
  if (auth) return `token:${digest(auth)}`;
  const session = SESSION.exec(request.headers.cookie ?? '')?.[1];
  if (session) return `session:${digest(session)}`;
  return `ip:${request.ip}`;
}

/** Only API calls count: pages and static files are prerendered or precompressed and cost next to nothing. */
export function isRateLimited(url: string): boolean {
  return url.startsWith('/api/');
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}
