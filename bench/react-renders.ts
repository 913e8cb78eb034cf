// How much React renders while a page loads: every commit of every React root on the page (the
// shell's chrome and each remote's own root), with the number of components rendered in it.
// A component counts when its function ran for that commit (a new mount, or React's "performed
// work" flag on a fiber React visited); a subtree React skipped (memoised, or unchanged) is not
// walked, as React DevTools' profiler does. Read through the hook React DevTools installs: React
// DOM reports each commit to `__REACT_DEVTOOLS_GLOBAL_HOOK__` when the page defines one before React
// loads, in production builds too. Used by bench/lighthouse.ts (`--renders`).

/** One commit: when (ms since navigation), which root (its container's id or tag), and how many components rendered. */
export interface ReactCommit {
  at: number;
  root: string;
  components: number;
}

/**
 * Defines the DevTools hook on the page before any script runs (for `page.addInitScript`): React
 * DOM then reports every commit, which this records in `globalThis.__benchCommits`.
 */
export function installCommitCounter(): void {
  // No functions declared inside: the page receives this function's source, and the runner's
  // compiler would wrap a named inner function in a helper the page does not have.
  interface Fiber {
    type: unknown;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
  }
  const commits: Array<{ at: number; root: string; components: number }> = [];
  (globalThis as unknown as { __benchCommits: typeof commits }).__benchCommits = commits;
  (globalThis as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    checkDCE() {},
    inject() {
      return 1;
    },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_renderer: number, root: { current: Fiber; containerInfo: Element }) {
      // Each fiber beside the one it was before this commit (null: mounted now).
      const stack: Array<[Fiber, Fiber | null]> = [];
      for (let child = root.current.child; child; child = child.sibling) stack.push([child, root.current.alternate ? child.alternate : null]);
      let components = 0;
      for (let item = stack.pop(); item; item = stack.pop()) {
        const [next, previous] = item;
        const type = next.type;
        const component = typeof type === 'function' || (typeof type === 'object' && type !== null && ('render' in type || 'type' in type));
        // React's PerformedWork flag (1): the component's function ran in this render.
        if (component && (previous === null || (next.flags & 1) !== 0)) components += 1;
        // A subtree React did not visit keeps the same child fibers as before: nothing in it rendered.
        if (previous !== null && next.child === previous.child) continue;
        for (let child = next.child; child; child = child.sibling) stack.push([child, child.alternate]);
      }
      const container = root.containerInfo;
      commits.push({ at: Math.round(performance.now()), root: container.id || container.tagName.toLowerCase(), components });
    },
  };
}

/** What `installCommitCounter` recorded on the page (for `page.evaluate`). */
export function recordedCommits(): ReactCommit[] {
  return (globalThis as unknown as { __benchCommits?: ReactCommit[] }).__benchCommits ?? [];
}
