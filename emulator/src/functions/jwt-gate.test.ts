import { JWT_SECRET } from '../config.js';
import { ANON_KEY, Keys, PUBLISHABLE_KEY } from '../keys.js';
import { checkFunctionJwt } from './jwt-gate.js';

describe('checkFunctionJwt', () => {
  const keys = new Keys(JWT_SECRET);

  it('passes a bearer JWT signed with the project secret', async () => {
    expect(await checkFunctionJwt(`Bearer ${ANON_KEY}`, keys)).toBeNull();
    expect(
      await checkFunctionJwt(
        `Bearer ${await keys.sign({ role: 'authenticated', sub: 'u' }, { expiresInSeconds: 60 })}`,
        keys,
      ),
    ).toBeNull();
  });

  it('names what is wrong, as the relay does', async () => {
    expect(await checkFunctionJwt(undefined, keys)).toBe('missing_authorization');
    expect(await checkFunctionJwt('', keys)).toBe('missing_authorization');
    expect(await checkFunctionJwt(`Basic abc`, keys)).toBe('malformed_authorization');
    expect(await checkFunctionJwt(`Bearer`, keys)).toBe('malformed_authorization');
    expect(await checkFunctionJwt(`Bearer ${PUBLISHABLE_KEY}`, keys)).toBe('invalid_jwt');
    expect(
      await checkFunctionJwt(
        `Bearer ${await new Keys('x'.repeat(40)).sign({ role: 'anon' })}`,
        keys,
      ),
    ).toBe('invalid_jwt');
    expect(
      await checkFunctionJwt(`Bearer ${await keys.sign({ role: 'anon', exp: 1 })}`, keys),
    ).toBe('invalid_jwt');
  });
});
