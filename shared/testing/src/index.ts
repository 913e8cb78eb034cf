// @portal/testing: a portal on a team's machine for its remote's tests and `npm run dev`.
export { startPortal, type PortalOptions, type TestPortal } from './portal.js';
export { newPerson, signedInClient, signedInState, clientOf, adminOf, type Person, type StorageState, type Backend } from './people.js';
export { launchChromium } from './browser.js';
export type { Browser, BrowserContext, Page } from 'playwright-core';
export { startEmulator, type EmulatorOptions, type RunningEmulator } from './emulator.js';
