import { html } from 'hono/html';
import { standInPage } from './stand-in-page.js';

describe('a stand-in page', () => {
  it('escapes its title and every value its body is given, and keeps the templates as HTML', async () => {
    const provider = '<img src=x onerror=alert(1)>';
    const state = '"><script>alert(1)</script>';
    const page = String(
      await standInPage(
        `Sign in with ${provider}`,
        html`<h1>Test sign-in: ${provider}</h1><input type="hidden" name="state" value="${state}">${[html`<li>${'a & b'}</li>`, html`<li>${'<c>'}</li>`]}`,
        html`<script>document.forms[0].submit()</script>`,
      ),
    );
    expect(page).toMatch(/^<!doctype html><html lang="en">/);
    expect(page).toContain('<title>Sign in with &lt;img src=x onerror=alert(1)&gt;</title>');
    expect(page).toContain('<main><h1>Test sign-in: &lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(page).toContain('<input type="hidden" name="state" value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
    expect(page).toContain('<li>a &amp; b</li><li>&lt;c&gt;</li></main><script>document.forms[0].submit()</script></body></html>');
    expect(page).not.toContain('<img');
    expect(page).toContain('body{font:15px system-ui;');
  });
});
