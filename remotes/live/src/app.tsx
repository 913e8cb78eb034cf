// The live remote's exposed `./app`: single-spa lifecycles made by defineRemote.
import { defineRemote } from '@portal/platform';
import { LiveApp } from './LiveApp.js';
import { liveMeta } from './meta.js';

const lifecycles = defineRemote(LiveApp, liveMeta);

export const { bootstrap, mount, unmount, meta } = lifecycles;
export default lifecycles;
