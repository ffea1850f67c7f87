import type { FastifyRequest } from 'fastify';

/**
 * Whose budget a request spends: the person's, once their token, API key or session has checked out; else the
 * address's. People behind one address (an office, a mobile carrier) thus never share a budget once signed in,
 * and a made-up credential buys nothing: it counts against its address like no credential at all.
 */
export function createRateLimitKey(
  verifiedUser: (request: FastifyRequest) => Promise<{ id: string } | undefined>,
): (request: FastifyRequest) => Promise<string> {
  return async (request) => {
    const user = await verifiedUser(request);
    return user ? `user:${user.id}` : `ip:${request.ip}`;
  };
}

/** Only API calls count: pages and static files are prerendered or precompressed and cost next to nothing. */
export function isRateLimited(url: string): boolean {
  return url.startsWith('/api/');
}
