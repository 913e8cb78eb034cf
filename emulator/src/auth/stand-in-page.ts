// The pages the emulator shows where an outside identity provider would show its own (the test
// OAuth provider, the test SAML identity provider): plain HTML with every value escaped, sized for
// a phone, the content in a main landmark (a screen reader's landmark list finds it; axe's
// "region" and "landmark-one-main" rules ask for it).

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `body{font:15px system-ui;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#222;background:#fff}
h1{font-size:1.4rem}label{display:block;margin:.8rem 0 .2rem}input[type=email],input[type=text]{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
button{font:inherit;padding:.5rem 1rem;margin:.8rem .5rem 0 0;cursor:pointer}ul{padding:0;list-style:none}li form{display:inline}
.hint{color:#595959;font-size:.9rem}.error{color:#a00;font-weight:600}details{margin-top:1rem}`;

/** A whole page: `title` escaped here; `body` and `script` are HTML the caller built, its values escaped. */
export function standInPage(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main>${script}</body></html>`;
}
