// The import boundaries of docs/boundaries.md are enforced by ESLint: code that crosses one
// fails lint wherever it is written, and code that keeps to them passes. The fixtures in
// tests/fixtures/boundaries/ are left out of the normal lint run and linted here, through
// ESLint's Node API and the repository's eslint.config.js, as if they lived inside the apps.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_LINES, OVERSIZED } from '../eslint-rules/file-size.js';

const root = path.resolve(__dirname, '..');
const fixture = (name: string) =>
  readFileSync(path.join(root, 'tests/fixtures/boundaries', name), 'utf8');

interface LintCase {
  code: string;
  /** Where the code is linted as if it lived, relative to the repository. */
  filePath: string;
}
interface LintOutcome {
  messages: { ruleId: string | null; line: number; message: string }[];
  ignored: boolean;
}

/**
 * Lints every case with `new ESLint({ overrideConfigFile: 'eslint.config.js' })` in a Node
 * process of its own: loading the ESM config needs a real dynamic import, which Jest's module
 * system refuses (and its CommonJS interop would hand the config a different parser object).
 */
function lint(cases: LintCase[]): LintOutcome[] {
  const script = `
    import { ESLint } from 'eslint';
    import path from 'node:path';
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: 'eslint.config.js' });
    const outcomes = [];
    for (const { code, filePath } of cases) {
      const file = path.join(process.cwd(), filePath);
      const [result] = await eslint.lintText(code, { filePath: file });
      outcomes.push({
        messages: result.messages.map(({ ruleId, line, message }) => ({ ruleId, line, message })),
        ignored: await eslint.isPathIgnored(file),
      });
    }
    process.stdout.write(JSON.stringify(outcomes));
  `;
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(cases)],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(output) as LintOutcome[];
}

/** The line of every import in a fixture (each on a line of its own). */
function importLines(code: string): number[] {
  return code
    .split('\n')
    .map((line, index) =>
      /^(import |export \{.*\} from |const \w+ = await import\()/.test(line) ? index + 1 : 0,
    )
    .filter((line) => line > 0);
}

/** A module of `lines` lines, each a statement. */
const linesOfCode = (lines: number) => Array.from({ length: lines }, (_, index) => `export const line${index} = ${index};`).join('\n') + '\n';

/** Imports inside emulator/src/, linted as the file named (each import on its own line). */
const emulatorImports = (...specifiers: string[]) =>
  specifiers.map((specifier, index) => `import * as m${index} from '${specifier}';`).join('\n') + `\nexport const used = [${specifiers.map((_, index) => `m${index}`).join(', ')}];\n`;

const remote = fixture('remote-crossings.ts');
const shell = fixture('app-crossings.ts');
const shared = fixture('shared-crossings.ts');
const emulator = fixture('emulator-crossings.ts');
const allowed = fixture('allowed.ts');

const cases = {
  remote: { code: remote, filePath: 'remotes/account/src/crossings.ts' },
  shell: { code: shell, filePath: 'shell/src/crossings.ts' },
  platform: { code: shared, filePath: 'shared/platform/src/crossings.ts' },
  ui: { code: shared, filePath: 'shared/ui/src/crossings.ts' },
  emulator: { code: emulator, filePath: 'emulator/src/crossings.ts' },
  emulatorConsole: {
    code: "import { Button } from '@portal/ui';\nimport { getPortal } from '@portal/platform';\nimport { RequestLog } from '../../src/observability/request-log.js';\nexport const used = [Button, getPortal, RequestLog];\n",
    filePath: 'emulator/console-app/src/crossings.tsx',
  },
  allowed: { code: allowed, filePath: 'remotes/account/src/allowed.ts' },
  emulatorBin: {
    code: "import { compiledEntry } from '@portal/compiled-entry';\nimport { run } from '../../tools/compiled-entry/compiled-entry.js';\nexport const used = [compiledEntry, run];\n",
    filePath: 'emulator/bin/crossings.js',
  },
  buildTool: {
    code: "import { describeError } from '@portal/platform/node';\nimport { startEmulator } from '@portal/emulator';\nimport { build } from 'esbuild';\nexport const used = [describeError, startEmulator, build];\n",
    filePath: 'tools/compiled-entry/crossings.js',
  },
  tooling: { code: remote, filePath: 'tests/crossings.ts' },
  message: {
    code: "import { routeMatches } from '@portal/shell';\n",
    filePath: 'remotes/data/src/x.ts',
  },
  fixtureItself: { code: remote, filePath: 'tests/fixtures/boundaries/remote-crossings.ts' },
  legacyGroup: {
    code: "import { Table } from '@portal/ui/forms';\nimport { TextInput } from '@portal/ui';\nexport const used = [Table, TextInput];\n",
    filePath: 'remotes/data/src/legacy.tsx',
  },
  shellProvidesLegacyGroup: {
    code: "export const load = () => import('@portal/ui/forms');\n",
    filePath: 'shell/src/federation/design-system-groups.ts',
  },
  fullZod: {
    code: "import { z } from 'zod';\nexport const count = z.number().int();\n",
    filePath: 'remotes/live/src/counts.ts',
  },
  zodMini: {
    code: "import * as z from 'zod/mini';\nexport const count = z.int();\n",
    filePath: 'remotes/live/src/counts.ts',
  },
  appBuildConfig: {
    code: "import { baseConfig } from '@portal/deploy/rspack';\nimport { CONFIG_URL } from './src/start-up/early-requests.js';\nexport const used = [baseConfig, CONFIG_URL];\n",
    filePath: 'shell/rspack.config.ts',
  },
  remoteBuildConfig: {
    code: "import { remoteConfig } from '@portal/deploy/rspack';\nexport default () => remoteConfig({ dir: import.meta.dirname });\n",
    filePath: 'remotes/data/rspack.config.ts',
  },
  shellCodeImportsPreset: {
    code: "import { baseConfig } from '@portal/deploy/rspack';\nexport const used = baseConfig;\n",
    filePath: 'shell/src/preset.ts',
  },
  remoteImportsShellBuildConfig: {
    code: "import { shellConfig } from '../../../shell/rspack.config.js';\nexport const used = shellConfig;\n",
    filePath: 'remotes/data/src/x.ts',
  },
  undeclaredWorkspacePackage: {
    code: "import { getPortal } from '@portal/platform';\nimport { CONTRACT_VERSION } from '@portal/platform/node';\nimport { Button } from '@portal/ui/core';\nexport const used = [getPortal, CONTRACT_VERSION, Button];\n",
    filePath: 'shared/ui/src/undeclared.ts',
  },
  declaredWorkspacePackages: {
    code: "import { getPortal } from '@portal/platform';\nimport { Button } from '@portal/ui';\nexport const used = [getPortal, Button];\n",
    filePath: 'remotes/data/src/declared.ts',
  },
  // The emulator's floors: cli → server → services → http → db, mail, observability → config and keys.
  gatewayPlumbingReachesUp: {
    code: emulatorImports('../console/console-server.js', '../realtime/hub.js', '../server.js', '../db/database.js', '../observability/request-log.js', '../keys.js', './cors.js'),
    filePath: 'emulator/src/http/crossings.ts',
  },
  serviceImportsService: {
    code: emulatorImports('../realtime/hub.js', '../functions/function-catalogue.js', '../observability/realtime-monitor.js', '../http/service.js', '../db/database.js', './tables.js'),
    filePath: 'emulator/src/console/crossings.ts',
  },
  typeFromAnotherService: {
    code: "import type { TopicMember } from '../realtime/hub.js';\nexport type Member = TopicMember;\n",
    filePath: 'emulator/src/storage/crossings.ts',
  },
  storesSideBySide: {
    code: emulatorImports('../db/database.js', '../http/service.js', '../keys.js', './ring-buffer.js'),
    filePath: 'emulator/src/observability/crossings.ts',
  },
  configurationReachesUp: {
    code: emulatorImports('./db/database.js', './signing-keys.js', './config.js'),
    filePath: 'emulator/src/keys.ts',
  },
  commandLineReachesDown: {
    code: emulatorImports('./server.js', './commands/status.js', './db/open.js', './mail/mailbox.js', './config.js'),
    filePath: 'emulator/src/cli.ts',
  },
  roomOnNoFloor: {
    code: emulatorImports('../keys.js'),
    filePath: 'emulator/src/metrics/crossings.ts',
  },
  emulatorTestReachesAnywhere: {
    code: emulatorImports('../server.js', '../console/console-server.js'),
    filePath: 'emulator/src/realtime/crossings.test.ts',
  },
  // The file-size rule (eslint-rules/file-size.js).
  longProductionFile: { code: linesOfCode(MAX_LINES + 1), filePath: 'emulator/src/http/long.ts' },
  productionFileAtTheLimit: { code: linesOfCode(MAX_LINES), filePath: 'remotes/data/src/long.tsx' },
  longTest: { code: linesOfCode(MAX_LINES + 1), filePath: 'shell/src/long.test.ts' },
  longToolingFile: { code: linesOfCode(MAX_LINES + 1), filePath: 'tests/support/long.ts' },
  namedException: { code: linesOfCode(MAX_LINES + 1), filePath: 'shared/platform/src/database.types.ts' },
  fullZodInBuildScript: {
    code: "import { z } from 'zod';\nexport const name = z.string().min(1);\n",
    filePath: 'remotes/functions/build/names.ts',
  },
} satisfies Record<string, LintCase>;

let outcomes: Record<keyof typeof cases, LintOutcome>;

beforeAll(() => {
  const names = Object.keys(cases) as (keyof typeof cases)[];
  const results = lint(names.map((name) => cases[name]));
  outcomes = Object.fromEntries(
    names.map((name, index) => [name, results[index]!]),
  ) as typeof outcomes;
});

const PORTAL_RULES = new Set(['portal/import-boundaries', 'portal/declared-dependencies', 'portal/emulator-floors', 'max-lines']);

/** Lines reported by the boundary rule; any other problem (a parse error) fails the test. */
function crossings(name: keyof typeof cases): number[] {
  const { messages } = outcomes[name];
  expect(messages.filter((m) => !PORTAL_RULES.has(m.ruleId ?? ''))).toEqual([]);
  return messages.filter((m) => m.ruleId === 'portal/import-boundaries').map((m) => m.line);
}

/** Lines reported as an import running up the emulator's floors (or across a floor). */
function upward(name: keyof typeof cases): number[] {
  crossings(name);
  return outcomes[name].messages.filter((m) => m.ruleId === 'portal/emulator-floors').map((m) => m.line);
}

/** Lines reported as an undeclared workspace package. */
function undeclared(name: keyof typeof cases): number[] {
  return outcomes[name].messages.filter((m) => m.ruleId === 'portal/declared-dependencies').map((m) => m.line);
}

describe('import boundaries (docs/boundaries.md)', () => {
  it('reports a remote importing the shell, another remote, the emulator or deploy/, by path or by package name', () => {
    expect(importLines(remote)).toHaveLength(7);
    expect(crossings('remote')).toEqual(importLines(remote));
  });

  it('reports the shell importing a remote, the emulator or deploy/', () => {
    expect(importLines(shell)).toHaveLength(4);
    expect(crossings('shell')).toEqual(importLines(shell));
  });

  it('reports @portal/platform and @portal/ui importing the shell, a remote, the emulator or deploy/', () => {
    expect(importLines(shared)).toHaveLength(5);
    expect(crossings('platform')).toEqual(importLines(shared));
    expect(crossings('ui')).toEqual(importLines(shared));
  });

  it('reports the emulator importing any part of the portal', () => {
    expect(importLines(emulator)).toHaveLength(6);
    expect(crossings('emulator')).toEqual(importLines(emulator));
  });

  it("lets the emulator's console wear @portal/ui, and nothing else of the portal or the emulator's code", () => {
    expect(crossings('emulatorConsole')).toEqual([2, 3]);
  });

  it('lets the emulator use the build tooling in tools/, which itself imports nothing of the portal', () => {
    expect(crossings('emulatorBin')).toEqual([]);
    expect(crossings('buildTool')).toEqual([1, 2]);
  });

  it('says which boundary was crossed and where to read why', () => {
    expect(outcomes.message.messages.map((m) => m.message)).toEqual([
      'the data remote must not import the shell ("@portal/shell"): a remote reaches the shell only through @portal/platform at run time. See docs/boundaries.md.',
    ]);
  });

  it('accepts what a remote may import: the platform, the ui, npm packages and its own files', () => {
    expect(importLines(allowed)).toHaveLength(8);
    expect(crossings('allowed')).toEqual([]);
  });

  it('leaves tooling alone (tests may import any part)', () => {
    expect(crossings('tooling')).toEqual([]);
  });

  it('reports an app importing @portal/ui/forms, the group kept for releases built before contract 1.4; the shell provides it', () => {
    expect(outcomes.legacyGroup.messages).toEqual([
      expect.objectContaining({ ruleId: 'no-restricted-imports', line: 1, message: expect.stringContaining("import from '@portal/ui'") }),
    ]);
    expect(outcomes.shellProvidesLegacyGroup.messages).toEqual([]);
  });

  it('reports the full zod build in the portal\'s browser code, where zod/mini does the job; build scripts may use it', () => {
    expect(outcomes.fullZod.messages).toEqual([
      expect.objectContaining({ ruleId: 'no-restricted-imports', line: 1, message: expect.stringContaining("import * as z from 'zod/mini'") }),
    ]);
    expect(outcomes.zodMini.messages).toEqual([]);
    expect(outcomes.fullZodInBuildScript.messages).toEqual([]);
  });

  it("treats an app's own rspack.config.ts as build tooling: it may use the remote build preset (@portal/deploy/rspack), the app's code may not", () => {
    expect(crossings('appBuildConfig')).toEqual([]);
    expect(crossings('remoteBuildConfig')).toEqual([]);
    expect(crossings('shellCodeImportsPreset')).toEqual([1]);
    // As the target of an import the shell's build config is still the shell's.
    expect(crossings('remoteImportsShellBuildConfig')).toEqual([1]);
  });

  it('reports a workspace importing a workspace package its package.json does not declare', () => {
    expect(crossings('undeclaredWorkspacePackage')).toEqual([]);
    expect(undeclared('undeclaredWorkspacePackage')).toEqual([1, 2]);
    expect(outcomes.undeclaredWorkspacePackage.messages[0]!.message).toBe(
      '@portal/ui imports @portal/platform ("@portal/platform") without declaring it: add "@portal/platform" to the dependencies (or devDependencies, for tests and build tooling) of shared/ui/package.json.',
    );
    expect(undeclared('declaredWorkspacePackages')).toEqual([]);
    expect(undeclared('appBuildConfig')).toEqual([]);
    expect(undeclared('remoteBuildConfig')).toEqual([]);
  });

  it('keeps the fixtures out of the normal lint run', () => {
    expect(outcomes.fixtureItself.ignored).toBe(true);
    expect(outcomes.remote.ignored).toBe(false);
  });

  it("reports an import running up the emulator's floors, a service importing another, and stores side by side importing each other", () => {
    // console-server (a service), realtime (a service) and server.ts are above http/; db, observability and keys below.
    expect(upward('gatewayPlumbingReachesUp')).toEqual([1, 2, 3]);
    expect(upward('serviceImportsService')).toEqual([1, 2]);
    expect(upward('typeFromAnotherService')).toEqual([1]);
    expect(upward('storesSideBySide')).toEqual([1, 2]);
    expect(upward('configurationReachesUp')).toEqual([1]);
    expect(upward('commandLineReachesDown')).toEqual([]);
    expect(upward('roomOnNoFloor')).toEqual([1]);
    expect(upward('emulatorTestReachesAnywhere')).toEqual([]);
    expect(outcomes.serviceImportsService.messages[0]!.message).toBe(
      'emulator/src/console must not import emulator/src/realtime ("../realtime/hub.js"): services meet through the floors below: what the console shows goes through observability/, and a service calls another through the gateway (ServiceContext.fetchGateway). See emulator/README.md#layout.',
    );
    expect(outcomes.roomOnNoFloor.messages[0]!.message).toContain('emulator/src/metrics is on no floor');
  });

  it(`reports a production file past ${MAX_LINES} lines, not a test, tooling or a named exception`, () => {
    const tooLong = (name: keyof typeof cases) => outcomes[name].messages.filter((m) => m.ruleId === 'max-lines').length;
    expect(tooLong('longProductionFile')).toBe(1);
    expect(tooLong('productionFileAtTheLimit')).toBe(0);
    expect(tooLong('longTest')).toBe(0);
    expect(tooLong('longToolingFile')).toBe(0);
    expect(tooLong('namedException')).toBe(0);
  });

  it('names only exceptions that still exist and are still past the limit, each with its reason', () => {
    for (const [file, reason] of Object.entries(OVERSIZED)) {
      expect(existsSync(path.join(root, file)) ? file : `${file} (gone)`).toBe(file);
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;
      expect({ file, over: lines > MAX_LINES }).toEqual({ file, over: true });
      expect(reason.length).toBeGreaterThan(20);
    }
  });
});
