/** The spec's rule: first and last name; else the one that exists; else the e-mail's local part; else "User". */
export function displayName(
  user: { firstName: string | null; lastName: string | null; email: string } | null | undefined,
): string {
  if (!user) return 'User';
  const parts = [user.firstName, user.lastName].map((p) => p?.trim()).filter(Boolean);
  if (parts.length) return parts.join(' ');
  const local = user.email?.split('@')[0]?.trim();
  return local || 'User';
}
