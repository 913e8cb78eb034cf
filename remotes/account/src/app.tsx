// The account remote's exposed `./app`: single-spa lifecycles made by defineRemote.
import { defineRemote } from '@portal/platform';
import { AccountApp } from './AccountApp.js';
import { accountMeta } from './meta.js';

const lifecycles = defineRemote(AccountApp, accountMeta);

export const { bootstrap, mount, unmount, meta } = lifecycles;
export default lifecycles;
