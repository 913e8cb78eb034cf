/**
 * The semver of the contract between the shell and the remotes (what `@portal/platform` offers).
 * A remote declares the range it needs in its metadata (`contract`); the shell refuses to mount a
 * remote whose range this version does not satisfy. Bump the major on any breaking change, the minor on an addition.
 */
// 1.1.0: `presence` / `usePresence()` and `connection` / `useConnection()`; the channel lease's
// own listeners (`on`), per-lease statuses and `send`. Remotes built for ^1.0.0 keep working.
// 1.2.0: `navBadges` / `useNavBadges()` (a count on a remote's own navigation entry) and the
// `background` expose a remote may declare (`defineBackground`), which the shell runs while the
// person may use the remote, mounted or not. Remotes built for ^1.0.0 or ^1.1.0 keep working.
// 1.3.0: `connection` also watches the backend's HTTP API: `offline` carries a `reason`
// (`network`, or `backend` with the next check's time). Remotes built for ^1.0.0…^1.2.0 keep working.
// 1.4.0: the design system's groups `@portal/ui/form-controls` and `@portal/ui/tables`, which
// `@portal/ui/forms` held together, so a page with a form and no table loads no table. The shell
// still provides `forms` for remotes built before, which keep working.
// 1.5.0: presence is scoped and verified. `usePresence()` lists only people who share a project
// with the person (and the person), each keyed by the user id Postgres authorised their own
// channel `presence:<user id>` for and named from `profiles`; nothing a client tracks can claim an
// identity. Same snapshot shape, so remotes built for ^1.1.0…^1.4.0 keep working (and see fewer
// people); a remote that relies on the scoping declares ^1.5.0, and an older shell refuses it.
// `PRESENCE_TOPIC` (the shell's, never a remote's) became `presenceTopic(userId)`.
// 1.6.0: the session snapshot's `nextAal` (auth-js's `nextLevel`: aal2 once the person has a
// verified factor), and the shell's rule that a session with `aal: 'aal1'` and `nextAal: 'aal2'`
// reaches the second-factor page only. Remotes built for ^1.0.0…^1.5.0 keep working.
// 1.7.0: `profiles` / `useProfiles()` / `useProfile(id)`: the names and pictures of the people the
// person may see, read once for the page and followed live (presence names people from the same
// store); `nameOf`. A notification may carry an `action` (a label and a path). Remotes built for
// ^1.0.0…^1.6.0 keep working.
// 1.8.0: `useReconnects()` and `useRetryWhenBack(waiting, retry)`: what failed for want of an
// answer is read again once the backend answers (each remote kept its own copy of these).
// Remotes built for ^1.0.0…^1.7.0 keep working.
// 1.8.1: `ParcelContracts` (parcel-contracts.ts): the props of each parcel a remote lends another,
// by `remote/expose`, which defineParcel and <RemoteParcel> check. Types only: nothing changes at
// run time, so it is a patch, and remotes keep declaring ^1.8.0 (a 1.8.0 shell runs them alike).
// 1.8.2: the profiles store joins its signals' channel in the task after the one that asked
// (the header's first read), not in the same one. Nothing a remote relies on changes.
// 1.8.3: `useReconnects()` and `useRetryWhenBack()` re-render when the backend goes or comes back,
// not at each step of the realtime socket; the profiles store subscribes its channel in the task
// after the one that made it. Nothing a remote relies on changes.
export const CONTRACT_VERSION = '1.8.3';
