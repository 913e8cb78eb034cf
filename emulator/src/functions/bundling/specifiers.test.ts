import {
  isDenoStdHttpServer,
  jsrToNpm,
  parsePackageSpecifier,
  specifierKind,
  toBareSpecifier,
} from './specifiers.js';

describe('specifierKind', () => {
  it.each([
    ['npm:zod@4', 'npm'],
    ['jsr:@supabase/supabase-js@2', 'jsr'],
    ['node:buffer', 'node'],
    ['https://esm.sh/lodash', 'remote'],
    ['http://example.com/x.ts', 'remote'],
    ['./local.ts', 'path'],
    ['../_shared/x.ts', 'path'],
    ['/abs/x.ts', 'path'],
    ['file:///abs/x.ts', 'path'],
    ['zod', 'bare'],
    ['@supabase/supabase-js', 'bare'],
    ['data:text/javascript,export default 1', 'other-scheme'],
  ])('%s is %s', (specifier, kind) => {
    expect(specifierKind(specifier)).toBe(kind);
  });
});

describe('parsePackageSpecifier', () => {
  it('splits scope, name, version and subpath', () => {
    expect(parsePackageSpecifier('npm:@supabase/supabase-js@2.39.3/dist/module')).toEqual({
      name: '@supabase/supabase-js',
      version: '2.39.3',
      subpath: '/dist/module',
    });
    expect(parsePackageSpecifier('npm:zod@^4/v4')).toEqual({
      name: 'zod',
      version: '^4',
      subpath: '/v4',
    });
    expect(parsePackageSpecifier('npm:zod')).toEqual({ name: 'zod', version: null, subpath: '' });
    expect(parsePackageSpecifier('npm:/zod@4')).toEqual({ name: 'zod', version: '4', subpath: '' });
  });

  it('gives the bare specifier Node resolution understands', () => {
    expect(toBareSpecifier(parsePackageSpecifier('npm:@scope/pkg@1/sub/path.js')!)).toBe(
      '@scope/pkg/sub/path.js',
    );
  });

  it('refuses what is not a package', () => {
    expect(parsePackageSpecifier('npm:')).toBeNull();
    expect(parsePackageSpecifier('npm:@scope')).toBeNull();
  });
});

describe('jsrToNpm', () => {
  it('maps @supabase packages to their npm twins and type-only files to nothing', () => {
    expect(jsrToNpm(parsePackageSpecifier('jsr:@supabase/supabase-js@2')!)).toEqual({
      kind: 'package',
      bare: '@supabase/supabase-js',
    });
    expect(
      jsrToNpm(parsePackageSpecifier('jsr:@supabase/functions-js/edge-runtime.d.ts')!),
    ).toEqual({ kind: 'types-only' });
  });

  it('has no offline answer for other jsr packages', () => {
    expect(jsrToNpm(parsePackageSpecifier('jsr:@std/path@1')!)).toBeNull();
  });
});

describe('isDenoStdHttpServer', () => {
  it('recognises std http/server.ts of any version', () => {
    expect(isDenoStdHttpServer('https://deno.land/std@0.168.0/http/server.ts')).toBe(true);
    expect(isDenoStdHttpServer('https://deno.land/std/http/server.ts')).toBe(true);
    expect(isDenoStdHttpServer('https://deno.land/std@0.168.0/http/status.ts')).toBe(false);
    expect(isDenoStdHttpServer('https://deno.land/x/other/http/server.ts')).toBe(false);
  });
});
