// A script asked for ahead of the code that will run it. A release's script: a preload link with the
// registry's hash, in CORS mode, so the script element the runtime adds later takes this answer.
// One of the shell's own chunks: no hash and no CORS mode, as the shell's chunk loader asks for its
// own origin's files. Used by federation.ts' `fetchAhead`; the page's links themselves say what was
// asked for already.
export function preloadScript(href: string, integrity?: string): void {
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')) {
    if (link.href === href) return;
  }
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  if (integrity !== undefined) {
    link.integrity = integrity;
    link.crossOrigin = 'anonymous';
  }
  document.head.appendChild(link);
}
