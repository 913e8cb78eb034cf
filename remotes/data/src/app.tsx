// The data remote's exposed `./app`: single-spa lifecycles made by defineRemote.
import { defineRemote } from '@portal/platform';
import { DataApp } from './DataApp.js';
import { dataMeta } from './meta.js';

const lifecycles = defineRemote(DataApp, dataMeta);

export const { bootstrap, mount, unmount, meta } = lifecycles;
export default lifecycles;
