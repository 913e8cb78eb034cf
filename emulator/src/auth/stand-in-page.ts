// The pages the emulator shows where an outside identity provider would show its own (the test
// OAuth provider, the test SAML identity provider): plain HTML, sized for a phone, the content in a
// main landmark (a screen reader's landmark list finds it; axe's "region" and "landmark-one-main"
// rules ask for it). Each page is written with Hono's `html` template, which escapes every value it
// is given and takes only its own templates as HTML, so no value can be put in unescaped.
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/** What Hono's `html` template gives: HTML whose values are escaped. */
type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `body{font:15px system-ui;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#222;background:#fff}
h1{font-size:1.4rem}label{display:block;margin:.8rem 0 .2rem}input[type=email],input[type=text]{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
button{font:inherit;padding:.5rem 1rem;margin:.8rem .5rem 0 0;cursor:pointer}ul{padding:0;list-style:none}li form{display:inline}
.hint{color:#595959;font-size:.9rem}.error{color:#a00;font-weight:600}details{margin-top:1rem}`;

/** A whole page around `body` (and `script`, after the main landmark), both built with `html`. */
export function standInPage(title: string, body: Html, script?: Html): Html {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(STYLE)}</style></head><body><main>${body}</main>${script}</body></html>`;
}
