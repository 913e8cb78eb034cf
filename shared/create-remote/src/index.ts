// @portal/create-remote: what `npm create @portal/remote <name>` runs, the same as
// `npx @portal/deploy new-remote --standalone <name>` (the template is @portal/deploy's).
export { createRemote } from './create-remote.js';
