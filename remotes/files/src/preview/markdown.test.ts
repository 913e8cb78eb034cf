/** @jest-environment jsdom */
import { renderMarkdown } from './markdown.js';

function rendered(source: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = renderMarkdown(source);
  return box;
}

describe('Markdown previews', () => {
  it('renders headings, emphasis, lists, tables and links', () => {
    const box = rendered(
      '# Title\n\nSome *words* and a [site](https://example.com).\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(box.querySelector('h1')?.textContent).toBe('Title');
    expect(box.querySelector('em')?.textContent).toBe('words');
    expect(box.querySelectorAll('li')).toHaveLength(2);
    expect(box.querySelector('td')?.textContent).toBe('1');
    const link = box.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('drops what would run: event handlers, scripts, javascript: links, styles, forms and frames', () => {
    const box = rendered(
      [
        '<img src=x onerror="window.ran = 1">',
        '<script>window.ran = 2</script>',
        '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(2)) <a href="vbscript:msgbox(1)">z</a>',
        '<iframe src="https://example.com"></iframe><form action="/steal"><input name="p"></form>',
        '<p style="position:fixed" onclick="alert(3)">styled</p>',
        '<svg><script>alert(4)</script></svg>',
      ].join('\n\n'),
    );
    const attributes = [...box.querySelectorAll('*')].flatMap((el) => el.getAttributeNames());
    expect(attributes.filter((name) => /^on|^style$/i.test(name))).toEqual([]);
    // HTML in the file is its text: nothing of it became an element.
    expect(box.querySelectorAll('img, script, svg, iframe, form, input, p[style]')).toHaveLength(0);
    expect(box.textContent).toContain('<img src=x onerror="window.ran = 1">');
    expect(box.textContent).toContain('styled');
    // The links keep their words, without an address that runs anything.
    for (const link of box.querySelectorAll('a'))
      expect(link.getAttribute('href') ?? '').not.toMatch(/script:/i);
  });
});
