import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';

let workdir: string;
beforeAll(() => {
  workdir = mkdtempSync(path.join(tmpdir(), 'emulator-config-'));
});
afterAll(() => rmSync(workdir, { recursive: true, force: true }));

describe('PORTAL_EMULATOR_SHARED_BUFFERS', () => {
  it("is PGlite's shared_buffers when set, and Postgres' own (null) when not", () => {
    expect(loadConfig({ workdir }, { PORTAL_EMULATOR_SHARED_BUFFERS: '16MB' }).sharedBuffers).toBe('16MB');
    expect(loadConfig({ workdir }, { PORTAL_EMULATOR_SHARED_BUFFERS: '512kB' }).sharedBuffers).toBe('512kB');
    expect(loadConfig({ workdir }, {}).sharedBuffers).toBeNull();
    expect(loadConfig({ workdir }, { PORTAL_EMULATOR_SHARED_BUFFERS: '' }).sharedBuffers).toBeNull();
  });

  it('refuses what is not a size, saying what it wants', () => {
    for (const value of ['16', '16 MB', '16mb', '0MB', '1TB', '16MB; drop table x']) {
      expect(() => loadConfig({ workdir }, { PORTAL_EMULATOR_SHARED_BUFFERS: value })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ workdir }, { PORTAL_EMULATOR_SHARED_BUFFERS: '16' })).toThrow(
      'PORTAL_EMULATOR_SHARED_BUFFERS must be a size such as 16MB (a whole number and kB, MB or GB), not "16"',
    );
  });
});

describe('PORTAL_EMULATOR_BCRYPT_COST', () => {
  it("is the cost of new password hashes when set, and GoTrue's own (null) when not", () => {
    expect(loadConfig({ workdir }, { PORTAL_EMULATOR_BCRYPT_COST: '4' }).bcryptCost).toBe(4);
    expect(loadConfig({ workdir }, { PORTAL_EMULATOR_BCRYPT_COST: '12' }).bcryptCost).toBe(12);
    expect(loadConfig({ workdir }, {}).bcryptCost).toBeNull();
  });

  it('refuses a cost bcrypt has not, saying which it takes', () => {
    for (const value of ['3', '32', '4.5', '-4', 'ten', '1e1']) {
      expect(() => loadConfig({ workdir }, { PORTAL_EMULATOR_BCRYPT_COST: value })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ workdir }, { PORTAL_EMULATOR_BCRYPT_COST: '3' })).toThrow('PORTAL_EMULATOR_BCRYPT_COST must be a whole number from 4 to 31, not "3"');
  });
});
