// `@portal/platform/node`: the part of the platform that Node code may import (deploy/, scripts,
// tests) — the error catalogue with its helpers, and the contract version. Nothing here, nor in
// what it imports, loads React, react-dom or the DOM, so a command-line tool stays a Node
// program. Not part of the Module Federation singleton; the registry schema has its own subpath,
// `@portal/platform/registry`, which is React-free too.
export { CONTRACT_VERSION } from './version.js';
export { PortalError, PortalErrorCode, isPortalError, describeError } from './errors.js';
