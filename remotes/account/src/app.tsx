// The account remote's exposed `./app`: single-spa lifecycles made by defineRemote.
import { defineRemote, getPortal } from '@portal/platform';
import { AccountApp } from './AccountApp.js';
import { accountMeta } from './meta.js';
import { preloadSignedInPages } from './signed-in-pages-loader.js';

// A signed-in person opening the account area goes to its signed-in pages: they are asked for with
// the area's code (on the shell's intent preload, before the first render), not after it.
if (getPortal().session.getSnapshot().status === 'signed-in') preloadSignedInPages();

const lifecycles = defineRemote(AccountApp, accountMeta);

export const { bootstrap, mount, unmount, meta } = lifecycles;
export default lifecycles;
