// A release's script asked for ahead of the federation runtime: a preload link with the registry's
// hash, in CORS mode, so the script element the runtime adds later takes this answer. Used by the
// page's first script (early-preload.ts) and by the main script (federation.ts), which are
// separate bundles: the page's links themselves say what was asked for already.
export function preloadScript(href: string, integrity: string): void {
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')) {
    if (link.href === href) return;
  }
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  link.integrity = integrity;
  link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}
