import { SignJWT } from 'jose';
import { Keys, type RoleGate } from './keys.js';

const SECRET = 'a-test-secret-with-at-least-32-characters';

describe('Keys.verify and the role claim', () => {
  it('accepts only the standard roles, or none, without a gate of the project', async () => {
    const keys = new Keys(SECRET);
    for (const role of ['anon', 'authenticated', 'service_role', undefined]) {
      expect((await keys.verify(await keys.sign({ role }))).ok).toBe(true);
    }
    for (const role of ['postgres', 'supabase_admin', '', 'x"; drop table t; --']) {
      expect(await keys.verify(await keys.sign({ role }))).toMatchObject({
        ok: false,
        reason: 'role',
        role,
        known: false,
        message: `role "${role}" does not exist`,
      });
    }
  });

  it('asks the gate, and refuses a claim that is not a string without asking', async () => {
    const asked: string[] = [];
    const gate: RoleGate = {
      check: (role) => {
        asked.push(role);
        return Promise.resolve(role === 'reporter' ? 'granted' : 'not_granted');
      },
    };
    const keys = new Keys(SECRET, gate);
    expect((await keys.verify(await keys.sign({ role: 'reporter' }))).ok).toBe(true);
    expect(await keys.verify(await keys.sign({ role: 'postgres' }))).toMatchObject({
      reason: 'role',
      known: true,
      message: 'permission denied to set role "postgres"',
    });
    // A claim of another JSON type, as any token signed elsewhere may carry.
    const listRole = await new SignJWT({ role: ['anon'] })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(SECRET));
    expect(await keys.verify(listRole)).toMatchObject({
      reason: 'role',
      known: false,
    });
    expect(asked).toEqual(['reporter', 'postgres']);
  });

  it('reports a bad signature before looking at the role', async () => {
    const token = await new Keys('another-secret-with-at-least-32-characters').sign({
      role: 'postgres',
    });
    expect(await new Keys(SECRET).verify(token)).toMatchObject({ ok: false, reason: 'invalid' });
  });
});
