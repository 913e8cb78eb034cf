// When code that runs remotes may run: the federation runtime, single-spa and a remote's own
// modules. On a remote's route their files are on their way from the page's first script
// (early-start.ts), and each used to run the moment it arrived, in the tasks between the chrome's
// render of the route's header and the frame that would paint it: the header was painted only
// with the remote, and the page's Largest Contentful Paint waited for the remote's code (issue
// #40). The bootstrap holds them until the frame with the route's header has been painted
// (docs/architecture.md#the-page-header-of-a-remotes-route); their downloads are not held.
// Open by default: nothing waits where no bootstrap holds it (unit tests, a remote's dev page).

let held: Promise<void> = Promise.resolve();

/** Remote code runs once `until` has settled (fulfilled or not). */
export function holdRemoteCode(until: Promise<void>): void {
  held = until.then(
    () => undefined,
    () => undefined,
  );
}

/** Resolves when remote code may run. */
export function remoteCodeMayRun(): Promise<void> {
  return held;
}
