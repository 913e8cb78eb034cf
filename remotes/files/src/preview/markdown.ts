// Markdown from people's files, made safe to show: marked turns it into HTML, DOMPurify then keeps
// only inert markup. Event handlers, scripts, styles, forms and frames are dropped, and so are
// link and image addresses of schemes that run code (javascript:, vbscript:, data: on links).
// HTML written in the file is shown as text, not rendered: the preview renders Markdown's own
// syntax only, so a file's `<img src=… onerror=…>` never becomes an element (not even in the
// parse DOMPurify makes, where Chromium already reports the handler against the page's CSP).
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: { html: ({ text }) => escapeHtml(text) },
});

const purifier = DOMPurify();

purifier.addHook('afterSanitizeAttributes', (node) => {
  // A link from a file opens in a new tab without giving that tab a handle on the portal.
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

/** Safe HTML for a Markdown text (call in a browser, or with a DOM such as jsdom present). */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
    ],
    FORBID_ATTR: ['style'],
  });
}
