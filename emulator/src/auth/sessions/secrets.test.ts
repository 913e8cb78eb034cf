import { createHash } from 'node:crypto';
import {
  generateOtp,
  isValidCodeChallenge,
  newRefreshToken,
  parseChallengeMethod,
  tokenHash,
  verifyPkce,
} from './secrets.js';

describe('secrets', () => {
  it('makes 12-character lowercase alphanumeric refresh tokens and numeric OTPs', () => {
    expect(newRefreshToken()).toMatch(/^[a-z0-9]{12}$/);
    expect(generateOtp(6)).toMatch(/^\d{6}$/);
    expect(generateOtp(8)).toMatch(/^\d{8}$/);
  });

  it('hashes an emailed code as hex SHA-224 of address and code', () => {
    expect(tokenHash('a@example.com', '123456')).toBe(
      createHash('sha224').update('a@example.com123456').digest('hex'),
    );
  });

  it('checks PKCE verifiers with lowercase s256 and plain', () => {
    const verifier = 'a'.repeat(64);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect(parseChallengeMethod('S256')).toBe('s256');
    expect(parseChallengeMethod('md5')).toBeNull();
    expect(verifyPkce(verifier, challenge, 's256')).toBe(true);
    expect(verifyPkce('b'.repeat(64), challenge, 's256')).toBe(false);
    expect(verifyPkce(verifier, verifier, 'plain')).toBe(true);
    expect(isValidCodeChallenge(challenge)).toBe(true);
    expect(isValidCodeChallenge('short')).toBe(false);
  });
});
