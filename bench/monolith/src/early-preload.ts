// The monolith's stand-in for shell/src/start-up/early-preload.ts: its routes' code is in its own bundle,
// so the release files the registry lists are not what it runs, and its first script asks for none
// of them (asking would only spend its bandwidth on files it never uses). What the shell's first
// script asks for of its own (single-spa, remote-route-preload.ts) it asks for here too.
export function preloadOpenedRelease(_config: unknown, _registry: unknown, _registryUrl: string): void {}
