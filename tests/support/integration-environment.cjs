// The integration project's test environment: Node's, plus one duty when a test file ends —
// every emulator the file started and did not stop is stopped (emulator/test/harness.ts
// closeTestEmulators). An emulator whose start outlived a timed-out beforeAll is otherwise never
// stopped by the suite, and would run on beside the next files of the same jest worker.
// teardown runs after every hook of the file, so a suite's own afterAll still finds its emulator.
const { TestEnvironment } = require('jest-environment-node');

class IntegrationEnvironment extends TestEnvironment {
  async teardown() {
    const closers = this.global[Symbol.for('portal.testEmulatorClosers')];
    if (closers) await Promise.all([...closers].map((close) => close()));
    await super.teardown();
  }
}

module.exports = IntegrationEnvironment;
