// The integration project's test environment: Node's, plus two duties when a test file ends —
// every emulator the file started and did not stop is stopped (emulator/test/harness.ts
// closeTestEmulators). An emulator whose start outlived a timed-out beforeAll is otherwise never
// stopped by the suite, and would run on beside the next files of the same jest worker.
// teardown runs after every hook of the file, so a suite's own afterAll still finds its emulator.
// And every timer the file's code set and left pending is cleared: libraries leave some that no
// API reaches (realtime-js 2.119's disconnect() arms a 10 s timer it never clears, and a push
// the server answers by closing the channel keeps its reply timeout), and such a timer would
// hold the test process open after the run ("Jest did not exit one second after the test run")
// or call into the file's modules after they were torn down.
const { TestEnvironment } = require('jest-environment-node');

/** Makes the file's setTimeout/setInterval remember the timers still pending; returns them. */
function trackPendingTimers(global) {
  const pending = new Set();
  const forget = (timer) => {
    if (timer === null || timer === undefined) return;
    if (typeof timer === 'object') pending.delete(timer);
    else for (const known of pending) if (Number(known) === Number(timer)) pending.delete(known);
  };
  const { setTimeout, setInterval, clearTimeout, clearInterval } = global;
  global.setTimeout = function (callback, ...rest) {
    if (typeof callback !== 'function') return setTimeout(callback, ...rest);
    const timer = setTimeout(function (...args) {
      pending.delete(timer);
      return callback.apply(this, args);
    }, ...rest);
    pending.add(timer);
    return timer;
  };
  // util.promisify(setTimeout) keeps working (Node's own promise form, nothing left pending).
  for (const symbol of Object.getOwnPropertySymbols(setTimeout)) global.setTimeout[symbol] = setTimeout[symbol];
  global.setInterval = function (...args) {
    const timer = setInterval(...args);
    pending.add(timer);
    return timer;
  };
  global.clearTimeout = (timer) => {
    forget(timer);
    clearTimeout(timer);
  };
  global.clearInterval = (timer) => {
    forget(timer);
    clearInterval(timer);
  };
  return pending;
}

class IntegrationEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.pendingTimers = trackPendingTimers(this.global);
  }

  async teardown() {
    const closers = this.global[Symbol.for('portal.testEmulatorClosers')];
    if (closers) await Promise.all([...closers].map((close) => close()));
    for (const timer of this.pendingTimers) clearTimeout(timer);
    this.pendingTimers.clear();
    await super.teardown();
  }
}

module.exports = IntegrationEnvironment;
