import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@common/schemas/contact';
import { apiRequest } from '@client/lib/api-client';

/** POST /api/contact: only success matters to the client. */
export function sendContactMessage(body: ContactRequest): Promise<unknown> {
  return apiRequest('/api/contact', { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
