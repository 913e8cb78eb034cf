// A value made at its first use rather than when its module runs: the live remote's background
// loads on every signed-in page, and what its modules build at load (zod schemas: 5–10 ms at full
// speed) lengthened that task (issue #40).

/** `make`'s value, made at the first call and kept. */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
