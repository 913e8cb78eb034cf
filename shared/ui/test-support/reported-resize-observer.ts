// For the design system's tests: a ResizeObserver whose reports the test gives, as the browser
// gives them once it has laid the page out (jsdom has none). Not part of the published package.

export class ReportedResizeObserver {
  static last: ReportedResizeObserver | null = null;
  constructor(private readonly callback: ResizeObserverCallback) {
    ReportedResizeObserver.last = this;
  }
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  report(): void {
    this.callback([], this as unknown as ResizeObserver);
  }
}

/** Puts `ReportedResizeObserver` in place for a describe block's tests, and the environment's own back after. */
export function withReportedResizeObserver(): void {
  const original = globalThis.ResizeObserver;
  beforeAll(() => (globalThis.ResizeObserver = ReportedResizeObserver as unknown as typeof ResizeObserver));
  afterAll(() => (globalThis.ResizeObserver = original));
}
