import { FUNCTION_NAME, leadingDescription } from './function-catalogue.js';

describe('leadingDescription', () => {
  it('takes the first paragraph of a leading block comment', () => {
    expect(
      leadingDescription(
        '/**\n * Says hello\n * to people.\n *\n * Details.\n */\nDeno.serve(() => new Response());',
      ),
    ).toBe('Says hello to people.');
  });

  it('takes leading line comments, after blank lines', () => {
    expect(leadingDescription('\n\n// One line.\n// Two.\n\n// Later.\ncode();')).toBe(
      'One line. Two.',
    );
  });

  it('is null without a leading comment', () => {
    expect(leadingDescription('import x from "y";\n// not leading')).toBeNull();
  });
});

describe('FUNCTION_NAME', () => {
  it('accepts CLI slugs only', () => {
    expect(['hello', 'search-documents', 'a_b1'].every((name) => FUNCTION_NAME.test(name))).toBe(
      true,
    );
    expect(
      ['_shared', '1abc', 'bad.name', '', 'a b'].some((name) => FUNCTION_NAME.test(name)),
    ).toBe(false);
  });
});
