import type { UserRow } from '../users/users.js';
import { userClaims } from './user-claims.js';

const user = {
  id: '6f1d2c1e-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  email_confirmed_at: new Date('2026-01-01T00:00:00Z'),
  phone: '15550001',
  phone_confirmed_at: null,
  raw_user_meta_data: {
    name: 'Ada',
    avatar_url: 'https://img.example.com/ada.png',
    username: 'ada',
  },
  updated_at: new Date('2026-02-01T00:00:00Z'),
} as unknown as UserRow;

describe('claims about the user an OAuth client may read', () => {
  it('gives only the subject without a scope that names more', () => {
    expect(userClaims(user, ['openid'])).toEqual({ sub: user.id });
  });

  it("adds each scope's claims: email, profile (metadata fallbacks), phone (not verified)", () => {
    expect(userClaims(user, ['openid', 'email', 'profile', 'phone'])).toEqual({
      sub: user.id,
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada',
      picture: 'https://img.example.com/ada.png',
      preferred_username: 'ada',
      updated_at: Date.parse('2026-02-01T00:00:00Z') / 1000,
      user_metadata: user.raw_user_meta_data,
      phone: '15550001',
    });
  });

  it('names the user by email when the profile has no name', () => {
    expect(userClaims({ ...user, raw_user_meta_data: {} }, ['profile'])).toMatchObject({
      name: 'ada@example.com',
    });
  });
});
