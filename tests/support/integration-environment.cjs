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
// And a failed test carries what the file's emulators printed while it ran (their errors and
// warnings; the harness starts them quiet, so no request lines): a 500's cause is in the
// emulator's log, which no one sees otherwise once the run's scratch folders are gone.
// And a stack that passes through none of the files jest transformed is formatted as V8 does, not
// through jest's source-map formatter (docs/known-traps.md, "Stacks nobody reads").
const { TestEnvironment } = require('jest-environment-node');

/**
 * Gives the file's realm an `Error.prepareStackTrace` that leaves jest's formatter to the stacks it
 * can improve. Jest maps every frame of every stack through the source maps of the files it
 * transformed, copying each call site on the way (up to 100 frames: it raises the limit), whether
 * or not the frame's file has a map. Playwright's server runs in the test process and reads a new
 * Error's stack at each step of a page action, only to keep it for an error that seldom comes: a
 * tenth of a browser suite's CPU went to formatting those. A stack with a frame in a transformed
 * file (the tests, the harness, the portal's sources, the packages jest transforms) still gets
 * jest's formatter, so a failure points at the TypeScript line as before; the rest get V8's own.
 */
function formatUntransformedStacksCheaply(global, transformIgnorePatterns) {
  const ignored = transformIgnorePatterns.map((pattern) => new RegExp(pattern));
  const transformed = (frame) => {
    const file = frame.getFileName();
    return Boolean(file) && !file.startsWith('node:') && !ignored.some((pattern) => pattern.test(file));
  };
  global.Error.prepareStackTrace = (error, frames) => {
    // Jest's, installed on the worker's own Error before each file runs.
    const jests = Error.prepareStackTrace;
    if (typeof jests === 'function' && frames.some(transformed)) return jests(error, frames);
    return `${Error.prototype.toString.call(error)}${frames.map((frame) => `\n    at ${frame}`).join('')}`;
  };
}

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

/** Where emulator/test/harness.ts lists the output of each emulator the file started. */
const OUTPUTS = Symbol.for('portal.testEmulatorOutputs');
/** The most of an emulator's output one failure carries: the lines nearest the failure. */
const MAX_LINES = 120;
const MAX_LINE_LENGTH = 2_000;

/**
 * An error (for the test's list of errors) quoting what each emulator printed since `marks` was
 * taken, or null when none printed anything.
 */
function emulatorOutputError(outputs, marks) {
  const sections = [];
  for (const emulator of outputs) {
    const lines = emulator.output.slice(marks.get(emulator.output) ?? 0);
    if (lines.length === 0) continue;
    const shown = lines.slice(-MAX_LINES).map((line) =>
      line.length > MAX_LINE_LENGTH ? `${line.slice(0, MAX_LINE_LENGTH)}… (${line.length} characters)` : line,
    );
    const skipped = lines.length - shown.length;
    sections.push(
      `The emulator at ${emulator.name} printed, while this test ran:\n` +
        (skipped > 0 ? `  (${skipped} earlier lines left out)\n` : '') +
        shown.map((line) => `  | ${line}`).join('\n'),
    );
  }
  if (sections.length === 0) return null;
  const error = new Error(sections.join('\n\n'));
  // The quote is the whole message; where the environment made it says nothing.
  error.stack = error.message;
  return error;
}

class IntegrationEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    formatUntransformedStacksCheaply(this.global, config.projectConfig.transformIgnorePatterns ?? ['/node_modules/']);
    this.pendingTimers = trackPendingTimers(this.global);
    /** How many lines each emulator's output held when the current test started. */
    this.outputMarks = new Map();
  }

  handleTestEvent(event) {
    const outputs = this.global[OUTPUTS];
    if (!outputs) return;
    if (event.name === 'test_start') {
      this.outputMarks = new Map([...outputs].map(({ output }) => [output, output.length]));
    } else if (event.name === 'test_done' && event.test.errors.length > 0) {
      const error = emulatorOutputError(outputs, this.outputMarks);
      if (error) event.test.errors.push(error);
    }
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
