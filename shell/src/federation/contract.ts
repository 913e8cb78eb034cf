// Whether a remote's contract range admits this shell's platform version, decided with the
// federation runtime's semver ranges (the runtime matches shared module versions with them; only
// this part of it is in the shell's start) rather than a second semver library on every page. The range was checked
// to be a valid semver range when the registry was published (deploy's full schema);
// `contract.test.ts` holds the two to the same answers.
import { satisfy } from '@module-federation/runtime-core';

/**
 * Answers by version, then range. The runtime's `satisfy` parses the range with a dozen regular
 * expressions it builds on each call, and the shell asks about each registry entry several times
 * as the page starts (to load, register, route and run backgrounds): a few ranges, asked again
 * and again, on the busiest stretch of the main thread.
 */
const answers = new Map<string, Map<string, boolean>>();

/** True when the shell's contract version satisfies the range the remote asks for. */
export function contractSatisfied(contractVersion: string, range: string): boolean {
  let byRange = answers.get(contractVersion);
  if (!byRange) answers.set(contractVersion, (byRange = new Map()));
  let answer = byRange.get(range);
  if (answer === undefined) byRange.set(range, (answer = satisfy(contractVersion, range)));
  return answer;
}
