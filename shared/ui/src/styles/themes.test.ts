import { EXPLICIT_DARK_ROOT, SYSTEM_DARK_ROOT } from './darkTheme.js';
import { portalStylesheet } from './stylesheet.js';
import { themeTokens } from './tokens.css.js';

interface Rule {
  /** Enclosing at-rules, outermost first (the cascade layer, a media query…). */
  context: string[];
  selector: string;
  declarations: Map<string, string>;
}

/** A small CSS reader: enough for our own sheet (no braces inside strings or URLs). */
function readRules(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  const stack: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '{') {
      stack.push(text.slice(start, i).trim());
      start = i + 1;
    } else if (char === '}') {
      const head = stack.pop() ?? '';
      const body = text.slice(start, i);
      if (!head.startsWith('@')) {
        const declarations = new Map<string, string>();
        for (const part of body.split(';')) {
          const colon = part.indexOf(':');
          if (colon > 0) declarations.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
        }
        rules.push({ context: [...stack], selector: head.replace(/\s+/g, ' '), declarations });
      }
      start = i + 1;
    }
  }
  expect(stack).toEqual([]);
  return rules;
}

const rules = readRules(portalStylesheet);
const SYSTEM_DARK_MEDIA = '@media (prefers-color-scheme: dark)';
const isSystemDark = (rule: Rule) => rule.context.includes(SYSTEM_DARK_MEDIA);
const customProperties = (rule: Rule | undefined) =>
  new Map([...(rule?.declarations ?? [])].filter(([name]) => name.startsWith('--pui-') || name === 'color-scheme'));

function only(found: Rule[]): Rule {
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('the dark theme', () => {
  const explicit = only(rules.filter((rule) => rule.selector === EXPLICIT_DARK_ROOT && !isSystemDark(rule)));
  const system = only(rules.filter((rule) => rule.selector === SYSTEM_DARK_ROOT && isSystemDark(rule)));

  it('defines exactly the same custom properties, with the same values, whether chosen or from the system', () => {
    const explicitTokens = customProperties(explicit);
    expect(explicitTokens.size).toBeGreaterThan(30);
    expect([...customProperties(system)].sort()).toEqual([...explicitTokens].sort());
  });

  it('overrides every per-theme token the light theme defines, and nothing else', () => {
    const root = only(rules.filter((rule) => rule.selector === ':root' && rule.context.length === 1));
    const explicitLight = only(rules.filter((rule) => rule.selector === ':root[data-theme="light"]'));
    const perTheme = Object.keys(themeTokens).map((name) => `--pui-${name}`).concat('color-scheme').sort();
    expect([...customProperties(explicit).keys()].sort()).toEqual(perTheme);
    expect([...customProperties(explicitLight).keys()].sort()).toEqual(perTheme);
    for (const name of perTheme) expect(root.declarations.get(name)).toBe(explicitLight.declarations.get(name));
    expect(customProperties(explicit).get('color-scheme')).toBe('dark');
    expect(customProperties(explicitLight).get('color-scheme')).toBe('light');
  });

  it('gives every dark-only component rule a twin for the system branch', () => {
    const strip = (rule: Rule, root: string) => rule.selector.split(root).join('<dark>');
    const explicitRules = rules
      .filter((rule) => rule.selector.includes(EXPLICIT_DARK_ROOT) && !isSystemDark(rule))
      .map((rule) => [strip(rule, EXPLICIT_DARK_ROOT), [...rule.declarations]]);
    const systemRules = rules
      .filter((rule) => isSystemDark(rule))
      .map((rule) => [strip(rule, SYSTEM_DARK_ROOT), [...rule.declarations]]);
    // Tokens, checkbox ticks, date-picker icons.
    expect(explicitRules.length).toBeGreaterThanOrEqual(4);
    expect(systemRules).toEqual(explicitRules);
    // …and the system branch only ever applies when the user has not chosen light.
    expect(rules.filter(isSystemDark).every((rule) => rule.selector.split(',').every((part) => part.trim().startsWith(SYSTEM_DARK_ROOT)))).toBe(true);
  });
});
