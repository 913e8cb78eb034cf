// When code that runs remotes may be asked for and run: the federation runtime, single-spa and a
// remote's own modules. Run the moment they arrived, in the tasks between the chrome's render of
// the route's header and the frame that would paint it, they held that paint back: the page's
// Largest Contentful Paint waited for the remote's code. Asked for beside the main script, they
// shared a slow link with it and held the header back just as much (issue #40). The bootstrap holds
// both until the frame with the route's header has been painted
// (docs/architecture.md#the-page-header-of-a-remotes-route).
// Open by default: nothing waits where no bootstrap holds it (unit tests, a remote's dev page).

let held: Promise<void> = Promise.resolve();

/** Remote code is asked for and runs once `until` has settled (fulfilled or not). */
export function holdRemoteCode(until: Promise<void>): void {
  held = until.then(
    () => undefined,
    () => undefined,
  );
}

/** Resolves when remote code may be asked for and run. */
export function remoteCodeMayRun(): Promise<void> {
  return held;
}
