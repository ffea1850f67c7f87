import { describe, expect, it } from 'vitest';
import { displayName as commonDisplayName } from '@common/schemas/auth';
import { CONTACT_MESSAGE_MAX as commonMax } from '@common/schemas/contact';
import { CONTACT_MESSAGE_MAX, displayName } from './display-name';

describe('zod-free copies of the shared contract', () => {
  it('build the display name exactly as common does', () => {
    const users = [
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      { firstName: ' Ada ', lastName: null, email: 'ada@example.com' },
      { firstName: null, lastName: 'Lovelace', email: 'ada@example.com' },
      { firstName: '', lastName: '  ', email: 'grace.hopper@example.com' },
      { firstName: null, lastName: null, email: '' },
      null,
    ];
    for (const user of users) expect(displayName(user)).toBe(commonDisplayName(user));
  });

  it('use the same contact message limit', () => {
    expect(CONTACT_MESSAGE_MAX).toBe(commonMax);
  });
});
