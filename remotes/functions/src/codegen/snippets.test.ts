import { execFileSync } from 'node:child_process';
import type { InvocationRequest } from '../invoke/request.js';
import { curlSnippet, fetchSnippet, invokeSnippet, shellQuote } from './snippets.js';

const context = {
  supabaseUrl: 'http://127.0.0.1:54321/',
  apiKey: 'anon-key',
  accessToken: 'user.jwt.token',
};
const base: InvocationRequest = {
  functionName: 'echo',
  method: 'POST',
  path: '/items/42',
  query: [
    ['sort', 'asc'],
    ['q', 'a b&c'],
  ],
  headers: [['x-trace', 'demo']],
  body: { kind: 'json', text: '{\n  "name": "O\'Brien",\n  "n": 1\n}' },
  as: 'user',
};

describe('invokeSnippet', () => {
  it('calls the shell’s client with the method, path, query, headers and body', () => {
    expect(invokeSnippet(base)).toBe(
      [
        `const { data, error } = await supabase.functions.invoke("echo/items/42?sort=asc&q=a+b%26c", {`,
        `  method: 'POST',`,
        `  headers: {`,
        `    "x-trace": "demo"`,
        `  },`,
        `  body: {`,
        `    "name": "O'Brien",`,
        `    "n": 1`,
        `  },`,
        `});`,
      ].join('\n'),
    );
  });

  it('builds form bodies and says when the call was anonymous', () => {
    const code = invokeSnippet({
      ...base,
      path: '',
      query: [],
      headers: [],
      body: { kind: 'form', fields: [['a', '1']] },
      as: 'anonymous',
    });
    expect(code).toContain('form.append("a", "1");');
    expect(code).toContain('body: form,');
    expect(code).toMatch(/^\/\/ Made anonymously/m);
  });
});

describe('fetchSnippet', () => {
  it('sends the API key, the person’s token and the body’s type', () => {
    const code = fetchSnippet(base, context);
    expect(code).toContain(
      'await fetch("http://127.0.0.1:54321/functions/v1/echo/items/42?sort=asc&q=a+b%26c", {',
    );
    expect(code).toContain('"apikey": "anon-key"');
    expect(code).toContain('"Authorization": "Bearer user.jwt.token"');
    expect(code).toContain('"Content-Type": "application/json"');
    expect(code).toContain('body: JSON.stringify({');
  });

  it('leaves the token out of an anonymous call', () => {
    expect(fetchSnippet({ ...base, as: 'anonymous' }, context)).not.toContain('Authorization');
  });
});

describe('curlSnippet', () => {
  it('quotes every word for the shell, so quotes and $ in values stay literal', () => {
    const command = curlSnippet({ ...base, headers: [['x-note', `it's $HOME; "x"`]] }, context);
    expect(command).toBe(
      [
        `curl --silent --show-error --include --request POST 'http://127.0.0.1:54321/functions/v1/echo/items/42?sort=asc&q=a+b%26c'`,
        `--header 'apikey: anon-key' --header 'Authorization: Bearer user.jwt.token' --header 'x-note: it'\\''s $HOME; "x"'`,
        `--header 'Content-Type: application/json' --data-raw '{"name":"O'\\''Brien","n":1}'`,
      ].join(' '),
    );
    // The shell hands curl exactly the words meant (printf prints each on its own line).
    const words = execFileSync('sh', ['-c', command.replace(/^curl /, 'printf "%s\\n" ')], {
      encoding: 'utf8',
    }).split('\n');
    expect(words).toContain(`x-note: it's $HOME; "x"`);
    expect(words).toContain('{"name":"O\'Brien","n":1}');
  });

  it('sends text as is, form fields literally and files by name', () => {
    expect(curlSnippet({ ...base, body: { kind: 'text', text: 'a\nb' } }, context)).toMatch(
      /--header 'Content-Type: text\/plain' --data-raw 'a\nb'$/,
    );
    expect(
      curlSnippet({ ...base, body: { kind: 'form', fields: [['f', '@/etc/passwd']] } }, context),
    ).toMatch(/--form-string 'f=@\/etc\/passwd'$/);
    expect(
      curlSnippet(
        { ...base, body: { kind: 'file', file: { name: 'cat.png', type: 'image/png', size: 3 } } },
        context,
      ),
    ).toMatch(/--header 'Content-Type: image\/png' --data-binary @'cat.png'$/);
  });

  it('shellQuote survives any text', () => {
    for (const text of ["'", "a'b'c", '$(rm -rf /)', '`x`', '\\', '']) {
      expect(
        execFileSync('sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' }),
      ).toBe(text);
    }
  });
});
