// The files remote's exposed `./app`: single-spa lifecycles made by defineRemote.
import { defineRemote } from '@portal/platform';
import { FilesApp } from './FilesApp.js';
import { filesMeta } from './meta.js';

const lifecycles = defineRemote(FilesApp, filesMeta);

export const { bootstrap, mount, unmount, meta } = lifecycles;
export default lifecycles;
