// For the design system's tests: a ResizeObserver whose reports the test gives, as the browser
// gives them once it has laid the page out (jsdom has none). Not part of the published package.

export class ReportedResizeObserver {
  static last: ReportedResizeObserver | null = null;
  /** Every observer that observes something now. */
  static readonly observing = new Set<ReportedResizeObserver>();
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    ReportedResizeObserver.last = this;
  }
  observe(target: Element): void {
    this.targets.add(target);
    ReportedResizeObserver.observing.add(this);
  }
  unobserve(target: Element): void {
    this.targets.delete(target);
    if (this.targets.size === 0) ReportedResizeObserver.observing.delete(this);
  }
  disconnect(): void {
    this.targets.clear();
    ReportedResizeObserver.observing.delete(this);
  }
  /** Reports a change; with `width`, an entry per observed element whose content box is that wide. */
  report(width?: number): void {
    const entries = width === undefined ? [] : [...this.targets].map((target) => ({ target, contentRect: { width } }) as unknown as ResizeObserverEntry);
    this.callback(entries, this as unknown as ResizeObserver);
  }
  /** Every observing observer reports its elements' content boxes `width` wide. */
  static reportWidth(width: number): void {
    for (const observer of [...ReportedResizeObserver.observing]) observer.report(width);
  }
}

/** Puts `ReportedResizeObserver` in place for a describe block's tests, and the environment's own back after. */
export function withReportedResizeObserver(): void {
  const original = globalThis.ResizeObserver;
  beforeAll(() => (globalThis.ResizeObserver = ReportedResizeObserver as unknown as typeof ResizeObserver));
  afterAll(() => (globalThis.ResizeObserver = original));
}
