import type { CurrentUser } from '@common/schemas/auth';

/*
 * Zod-free copies of two values from common/src/schemas: importing those modules would pull zod (about a third
 * of the landing page's JavaScript) into the browser bundle. contract-copies.spec.ts checks they stay equal.
 */

/** The spec's rule: first and last name; else the one that exists; else the e-mail's local part; else "User". */
export function displayName(
  user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'> | null | undefined,
): string {
  if (!user) return 'User';
  const parts = [user.firstName, user.lastName].map((p) => p?.trim()).filter(Boolean);
  if (parts.length) return parts.join(' ');
  const local = user.email?.split('@')[0]?.trim();
  return local || 'User';
}

/** Longest contact message the server accepts. */
export const CONTACT_MESSAGE_MAX = 5000;
