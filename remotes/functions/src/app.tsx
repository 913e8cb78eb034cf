// The functions remote's exposed `./app`: single-spa lifecycles made by defineRemote.
import { defineRemote } from '@portal/platform';
import { FunctionsApp } from './FunctionsApp.js';
import { functionsMeta } from './meta.js';

const lifecycles = defineRemote(FunctionsApp, functionsMeta);

export const { bootstrap, mount, unmount, meta } = lifecycles;
export default lifecycles;
