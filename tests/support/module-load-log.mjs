// Preloaded with `node --import`: appends the URL of every module the process loads to the file
// named by MODULE_LOAD_LOG, so a test can say what a command did not load.
import { register } from 'node:module';

register('./module-load-log-hooks.mjs', import.meta.url, { data: { log: process.env.MODULE_LOAD_LOG } });
