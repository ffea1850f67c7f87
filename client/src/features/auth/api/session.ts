import { apiRequest } from '@client/lib/api-client';

/** Token sync: POST trades the ID token for the server's httpOnly session cookie (images load by cookie); DELETE ends it. */
export async function syncSession(token: string | null): Promise<void> {
  try {
    if (token) await apiRequest('/api/auth/session', { method: 'POST', token });
    else await apiRequest('/api/auth/session', { method: 'DELETE', token: null });
  } catch (error) {
    console.warn('Session sync failed', error);
  }
}
