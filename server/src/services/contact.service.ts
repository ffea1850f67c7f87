import type { ContactRequest } from '@common/schemas/contact';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import type { ContactMessageRepository } from '../repositories/contact-message.repository';

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(deps: { messages: ContactMessageRepository }) {
  return {
    /** A signed-in sender's own e-mail wins over what the form sent. */
    async send(request: ContactRequest, user: UserRow | undefined): Promise<string> {
      if (!user && !request.email) {
        throw new AppError('BAD_REQUEST', 'Please enter your e-mail address so that we can reply.');
      }
      return deps.messages.create({
        userId: user?.id ?? null,
        email: user?.email ?? request.email,
        message: request.message,
      });
    },
  };
}
