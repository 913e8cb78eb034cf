import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.js';
import type { AuthSettings } from '../settings.js';

const settings = (minimumPasswordLength: number, requiredCharacters: string[] = []) =>
  ({ minimumPasswordLength, requiredCharacters }) as AuthSettings;

describe('checkPasswordStrength', () => {
  it('accepts a password that meets the length and character rules', () => {
    expect(checkPasswordStrength('abc12345', settings(8, ['abc', '0123456789']))).toBeNull();
  });

  it("names the length and the missing character sets, in GoTrue's words", () => {
    const weak = checkPasswordStrength(
      'abc',
      settings(6, ['abcdefghijklmnopqrstuvwxyz', '0123456789']),
    );
    expect(weak).toEqual({
      reasons: ['length', 'characters'],
      message:
        'Password should be at least 6 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, 0123456789.',
    });
  });
});

describe('bcrypt', () => {
  it('verifies its own hashes and pgcrypto-style $2a$ ones, and refuses other strings', async () => {
    const hash = await hashPassword('correct horse 1');
    expect(hash).toMatch(/^\$2[ab]\$10\$/);
    expect(await verifyPassword('correct horse 1', hash)).toBe(true);
    expect(await verifyPassword('correct horse 1', hash.replace(/^\$2b\$/, '$2a$'))).toBe(true);
    expect(await verifyPassword('wrong', hash)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
  });
});
