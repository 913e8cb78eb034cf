// Turns one Edge Function (TypeScript, Deno-style imports) into a single ES module for the
// function's own Node process: the emulator's runtime first (it takes away the process's
// handles on other processes and installs the Deno globals), then the function's entrypoint,
// then the signal that the function has registered its handler.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildFailure, type Message } from 'esbuild';
import type { ImportMap } from '../import-map.js';
import { denoResolvePlugin } from './resolve-plugin.js';

const RUNTIME_DIR = fileURLToPath(new URL('../runtime/', import.meta.url));
const WORKER_RUNTIME = path.join(RUNTIME_DIR, 'worker-runtime.ts');
const STD_HTTP_SERVER_SHIM = path.join(RUNTIME_DIR, 'deno-std-http-server.ts');
const EMULATOR_DIR = fileURLToPath(new URL('../../../', import.meta.url));

export interface BundleRequest {
  name: string;
  entrypoint: string;
  importMap: ImportMap | null;
  /** The folder holding `supabase/`, whose node_modules come first. */
  projectDir: string;
  /** Where the bundle will be written (source map paths are relative to it). */
  outfile: string;
}

export interface FunctionBundle {
  code: string;
  /** The project's own source files the bundle was made from (not installed packages). */
  inputs: string[];
}

export class BundleError extends Error {
  readonly code = 'bundle_failed';
}

/** esbuild names files relative to the project folder, e.g. `supabase/functions/x/index.ts:3: …`. */
function formatMessage(message: Message): string {
  const where = message.location ? `${message.location.file}:${message.location.line}: ` : '';
  return `${where}${message.text}`;
}

export async function bundleFunction(request: BundleRequest): Promise<FunctionBundle> {
  const entrySource = `${request.name}.entry.js`;
  const entry = [
    `import { bootFunction } from ${JSON.stringify(WORKER_RUNTIME)};`,
    `import ${JSON.stringify(request.entrypoint)};`,
    'bootFunction();',
  ].join('\n');
  try {
    const result = await build({
      stdin: {
        contents: entry,
        resolveDir: path.dirname(request.entrypoint),
        sourcefile: entrySource,
        loader: 'js',
      },
      absWorkingDir: request.projectDir,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      outfile: request.outfile,
      sourcemap: 'inline',
      sourcesContent: false,
      metafile: true,
      logLevel: 'silent',
      // Bundled CommonJS packages may `require` Node builtins; ES modules have no `require`.
      banner: {
        js: "import { createRequire as __emulatorCreateRequire } from 'node:module'; const require = __emulatorCreateRequire(import.meta.url);",
      },
      plugins: [
        denoResolvePlugin({
          importMap: request.importMap,
          packageRoots: [request.projectDir, EMULATOR_DIR],
          stdHttpServerShim: STD_HTTP_SERVER_SHIM,
          runtimeDir: RUNTIME_DIR,
        }),
      ],
    });
    const inputs = Object.keys(result.metafile.inputs)
      .filter(
        (input) =>
          !/^[\w-]+:/.test(input) && !input.includes('node_modules/') && input !== '<stdin>',
      )
      .map((input) => path.resolve(request.projectDir, input))
      .filter(
        (input) =>
          !input.startsWith(RUNTIME_DIR) &&
          input !== path.join(path.dirname(request.entrypoint), entrySource),
      );
    return { code: result.outputFiles[0]!.text, inputs };
  } catch (error) {
    const failure = error as Partial<BuildFailure>;
    if (Array.isArray(failure.errors) && failure.errors.length > 0) {
      throw new BundleError(failure.errors.map(formatMessage).join('\n'));
    }
    throw new BundleError(error instanceof Error ? error.message : String(error));
  }
}
