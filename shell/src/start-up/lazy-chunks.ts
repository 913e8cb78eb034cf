// The files of the shell's named lazy chunks (the federation runtime, single-spa, each design-system
// group), which the build writes into the page (LazyChunkFilesPlugin in shell/rspack.config.ts) for the
// page's first script to ask for ahead: their names carry content hashes only the build knows, and
// the first script shares no chunk loader with the main one.
export const LAZY_CHUNKS_ELEMENT_ID = 'portal-lazy-chunks';

/** Chunk name → the files its import loads, as the shell's chunk loader asks for them. */
export type LazyChunkFiles = Readonly<Record<string, readonly string[]>>;

/** The chunk a design-system group is built into: design-system-groups.ts names each so. */
export function groupChunkName(shareKey: string): string {
  return shareKey.replace(/^@portal\//, '').replaceAll('/', '-');
}

/** What the build wrote into `doc`; none for a page built without it (or with a list it cannot read). */
export function readLazyChunkFiles(doc: Document): LazyChunkFiles {
  const text = doc.getElementById(LAZY_CHUNKS_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((file) => typeof file === 'string')),
    );
  } catch {
    return {};
  }
}
