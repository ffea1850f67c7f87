import { describe, expect, it } from 'vitest';
import { displayName } from './auth';

describe('displayName', () => {
  it.each([
    [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, 'Ada Lovelace'],
    [{ firstName: 'Ada', lastName: null, email: 'ada@example.com' }, 'Ada'],
    [{ firstName: null, lastName: 'Lovelace', email: 'ada@example.com' }, 'Lovelace'],
    [{ firstName: ' ', lastName: null, email: 'ada.l@example.com' }, 'ada.l'],
    [{ firstName: null, lastName: null, email: '' }, 'User'],
  ])('%o -> %s', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });

  it('falls back to User without a record', () => {
    expect(displayName(null)).toBe('User');
  });
});
