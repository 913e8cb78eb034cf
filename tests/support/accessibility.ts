// axe-core (Deque's accessibility engine) in a test's page: the rules a screen reader's and a
// keyboard's users depend on (names, roles, labels, contrast…). The engine is evaluated through
// the DevTools protocol, which the page's Content-Security-Policy (no inline script) does not stop.
import { readFileSync } from 'node:fs';
import type { TestPage } from '../browser.js';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What axe finds wrong inside `selector` (the whole document by default), one line per offending
 * element: "rule (impact): element — help"; [] when nothing. Every rule axe runs by default counts,
 * best practices included, whatever its impact, and two it leaves off: a control's name must
 * contain the text it shows (label-content-name-mismatch, WCAG 2.5.3: a person who says what they
 * see, with voice control, reaches it), and a control must be at least 24 px square or have that
 * room around it (target-size, WCAG 2.2's 2.5.8: a finger on a phone, a hand that shakes).
 * `rules` narrows the run to those (e.g. the rules a second colour theme can change).
 */
export async function axeViolations(page: TestPage, selector = 'html', { rules }: { rules?: readonly string[] } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ context, rules }) => {
      type Result = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
      type Options = { resultTypes: string[]; rules?: Record<string, { enabled: boolean }>; runOnly?: { type: 'rule'; values: string[] } };
      const axe = (window as unknown as { axe: { run(context: string, options: Options): Promise<Result> } }).axe;
      // Only violations are read: axe then keeps one node per rule that passed, not all of them.
      const { violations } = await axe.run(
        context,
        rules ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: rules } } : { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } } },
      );
      return violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'no impact'}): ${node.target.join(' ')} — ${violation.help}`),
      );
    },
    { context: selector, rules: rules ? [...rules] : undefined },
  );
}
