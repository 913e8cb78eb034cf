import { remoteRouteScripts } from './remote-route-preload.js';

/** The shell's lazy chunks as the build writes them into the page (LazyChunkFilesPlugin). */
const CHUNKS = {
  'federation-runtime': ['/federation-runtime.11111111.js'],
  'single-spa': ['/single-spa.22222222.js'],
  'ui-form-controls': ['/ui-form-controls.33333333.js'],
};
const page = (pathname: string) => ({ origin: 'https://shell.example', pathname });

it('asks for the federation runtime and single-spa on any path but the shell\'s own pages', () => {
  for (const pathname of ['/account/sign-in', '/files', '/no-such-route']) {
    expect(remoteRouteScripts(page(pathname), CHUNKS)).toEqual(['https://shell.example/federation-runtime.11111111.js', 'https://shell.example/single-spa.22222222.js']);
  }
  for (const pathname of ['/', '/status']) expect(remoteRouteScripts(page(pathname), CHUNKS)).toEqual([]);
});

it('asks for what the page\'s build has: only single-spa in a build without federation, none without the list', () => {
  const { 'federation-runtime': _runtime, ...withoutRuntime } = CHUNKS;
  expect(remoteRouteScripts(page('/files'), withoutRuntime)).toEqual(['https://shell.example/single-spa.22222222.js']);
  expect(remoteRouteScripts(page('/files'), {})).toEqual([]);
});
