import { DeployError, DeployErrorCode } from './errors.js';

/** Letters, digits, then also `.`, `_`, `+` (semver build metadata) and `-`: never a separator. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;
const MAX_LENGTH = 128;

/**
 * The one check for a name that becomes a file or folder name (remote names, versions, environment
 * names): a plain segment from an allow-list, so it can never climb out of (`..`), start again at
 * (absolute paths, `\` on Windows) or end early in (NUL) the folder it is joined to. Run before
 * anything is written.
 */
export function assertPathSegment(value: string, what: string): string {
  const problem =
    value === ''
      ? 'is empty'
      : value.length > MAX_LENGTH
        ? `is longer than ${MAX_LENGTH} characters`
        : !SEGMENT.test(value)
          ? 'may hold only letters, digits, ".", "_", "+" and "-", and must start with a letter or digit'
          : value.includes('..')
            ? 'may not hold ".."'
            : null;
  if (problem) {
    const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    throw new DeployError(DeployErrorCode.InvalidName, `The ${what} ${shown} ${problem}; it names a folder or file of the environment.`);
  }
  return value;
}
