import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRemote } from './create-remote.js';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(path.join(os.tmpdir(), 'create-remote-'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

describe('npm create @portal/remote', () => {
  it("writes @portal/deploy's standalone template into ./<name>, with the options given", () => {
    const printed = createRemote(['notes', '--route', '/team-notes', '--title', 'Team notes'], cwd);
    expect(printed).toContain(`Made the remote notes on /team-notes in ${path.join(cwd, 'notes')}:`);
    expect(printed).toMatch(/Next: cd notes && npm install && npm run dev$/);
    expect(JSON.parse(readFileSync(path.join(cwd, 'notes', 'remote.json'), 'utf8'))).toMatchObject({ name: 'notes', route: '/team-notes', title: 'Team notes', auth: 'aal1' });
    expect(existsSync(path.join(cwd, 'notes', 'e2e', 'notes.test.ts'))).toBe(true);
  });

  it('says what is wrong, writing nothing', () => {
    expect(() => createRemote([], cwd)).toThrow(/Name the remote, once/);
    expect(() => createRemote(['notes', '--auth', 'admin'], cwd)).toThrow('--auth must be none, aal1 or aal2, not "admin".');
    expect(existsSync(path.join(cwd, 'notes'))).toBe(false);
  });
});
