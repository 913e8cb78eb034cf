// Whether a remote's contract range admits this shell's platform version, decided with the
// federation runtime's semver ranges (the runtime matches shared module versions with them; only
// this part of it is in the shell's start) rather than a second semver library on every page. The range was checked
// to be a valid semver range when the registry was published (deploy's full schema);
// `contract.test.ts` holds the two to the same answers.
import { satisfy } from '@module-federation/runtime-core';

/** True when the shell's contract version satisfies the range the remote asks for. */
export function contractSatisfied(contractVersion: string, range: string): boolean {
  return satisfy(contractVersion, range);
}
