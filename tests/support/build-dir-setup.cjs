// Jest global setup of the integration project: names the folder where this run's one shared
// build of the portal's apps goes (tests/portal-harness.ts builds it when a suite first asks).
// Workers start after this runs, so they inherit the variable.
const { mkdirSync } = require('node:fs');
const path = require('node:path');

module.exports = function nameSharedBuildDir() {
  const tmp = path.resolve(__dirname, '..', '..', '.tmp');
  mkdirSync(tmp, { recursive: true });
  process.env.PORTAL_TEST_BUILD_DIR = path.join(tmp, `build-${process.pid}-${Date.now()}`);
};
