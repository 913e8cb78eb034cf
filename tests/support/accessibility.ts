// axe-core (Deque's accessibility engine) in a test's page: the rules a screen reader's and a
// keyboard's users depend on (names, roles, labels, contrast…). The engine is evaluated through
// the DevTools protocol, which the page's Content-Security-Policy (no inline script) does not stop.
import { readFileSync } from 'node:fs';
import type { TestPage } from '../browser.js';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** What axe finds wrong inside `selector`, one line per offending element ("rule: element"); [] when nothing. */
export async function axeViolations(page: TestPage, selector: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (context) => {
    type Result = { violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run(context: string): Promise<Result> } }).axe;
    const { violations } = await axe.run(context);
    return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`));
  }, selector);
}
