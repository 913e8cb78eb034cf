// The search remote's exposed `./app`: single-spa lifecycles made by defineRemote.
import { defineRemote } from '@portal/platform';
import { SearchApp } from './SearchApp.js';
import { searchMeta } from './meta.js';

const lifecycles = defineRemote(SearchApp, searchMeta);

export const { bootstrap, mount, unmount, meta } = lifecycles;
export default lifecycles;
