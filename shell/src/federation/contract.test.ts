import { CONTRACT_VERSION } from '@portal/platform/node';
import { contractSatisfied as bySemver } from '@portal/platform/registry';
import { contractSatisfied } from './contract.js';

const versions = [CONTRACT_VERSION, '1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.10.2', '2.0.0', '0.9.0'];
const ranges = ['^1.0.0', '^1.1.0', '^1.2.0', '^1.3.0', '^1.4.0', '^1.5.0', '^2.0.0', '~1.3.0', '>=1.0.0 <2.0.0', '1.x', '*', '>=1.2.0', '1.0.0 - 1.4.0', '^1.0.0 || ^2.0.0', '=1.3.0', '1.3.0', '<1.3.0', '^0.9.0', '>1.0.0', '~1'];

describe('the contract check the shell runs', () => {
  it('answers as the semver library deploy checks ranges with, for the platform\'s versions and ranges', () => {
    for (const version of versions) {
      for (const range of ranges) {
        expect([version, range, contractSatisfied(version, range)]).toEqual([version, range, bySemver(version, range)]);
      }
    }
  });

  it('keeps a remote built for an older minor, and blocks one that needs a newer contract', () => {
    expect(contractSatisfied('1.1.0', '^1.0.0')).toBe(true);
    expect(contractSatisfied('1.0.0', '^1.1.0')).toBe(false);
    expect(contractSatisfied('1.3.0', '^2.0.0')).toBe(false);
    // The live remote's People page relies on scoped, verified presence (1.5): a 1.4 shell, whose
    // presence lists everyone with what their clients claim, refuses it; remotes built for 1.4 keep working.
    expect(contractSatisfied('1.4.0', '^1.5.0')).toBe(false);
    expect(contractSatisfied(CONTRACT_VERSION, '^1.4.0')).toBe(true);
  });
});

describe('the contract check\'s cost', () => {
  it('parses each range once for a version, however often the shell asks', async () => {
    jest.resetModules();
    const satisfy = jest.fn((version: string, range: string) => bySemver(version, range));
    jest.doMock('@module-federation/runtime-core', () => ({ satisfy }));
    const { contractSatisfied: check } = await import('./contract.js');
    for (let round = 0; round < 4; round++) {
      expect(check('1.3.0', '^1.0.0')).toBe(true);
      expect(check('1.3.0', '^2.0.0')).toBe(false);
      expect(check('2.0.0', '^1.0.0')).toBe(false);
    }
    expect(satisfy.mock.calls).toEqual([
      ['1.3.0', '^1.0.0'],
      ['1.3.0', '^2.0.0'],
      ['2.0.0', '^1.0.0'],
    ]);
    jest.dontMock('@module-federation/runtime-core');
  });
});
