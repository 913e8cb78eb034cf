// Jest global teardown of the integration project: removes this run's shared build.
const { rmSync } = require('node:fs');

module.exports = function removeSharedBuildDir() {
  const dir = process.env.PORTAL_TEST_BUILD_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
};
