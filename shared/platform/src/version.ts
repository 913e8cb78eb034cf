/**
 * The semver of the contract between the shell and the remotes (what `@portal/platform` offers).
 * A remote declares the range it needs in its metadata (`contract`); the shell refuses to mount a
 * remote whose range this version does not satisfy. Bump the major on any breaking change, the minor on an addition.
 */
// 1.1.0: `presence` / `usePresence()` and `connection` / `useConnection()`; the channel lease's
// own listeners (`on`), per-lease statuses and `send`. Remotes built for ^1.0.0 keep working.
export const CONTRACT_VERSION = '1.1.0';
