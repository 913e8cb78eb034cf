// The emulator's floors (emulator/README.md#layout) as an ESLint rule: an import inside
// emulator/src/ may go down a floor, or stay in its own folder, never up, and two rooms side by
// side on one floor do not import each other. Services meet only through the floors below them:
// what one records for the console goes through observability/, and a service that needs another
// calls it through the gateway in process (ServiceContext.fetchGateway), as any client would.
// Type-only imports count: a type from another service is still a dependency on its source.
// Tests (*.test.ts, *.spec.ts, emulator/test/) are tooling and may import any floor.
import path from 'node:path';
import { root } from './workspaces.js';

/** Each room of emulator/src/ (a folder, or a file at its top) and its floor, highest first. */
const FLOORS = [
  { floor: 5, name: 'the command line', rooms: ['cli.ts'] },
  { floor: 4, name: 'the gateway', rooms: ['server.ts'] },
  { floor: 3, name: 'a service', rooms: ['auth', 'rest', 'storage', 'functions', 'realtime', 'commands', 'console'] },
  { floor: 2, name: 'the HTTP plumbing and the service contract', rooms: ['http'] },
  { floor: 1, name: 'a store', rooms: ['db', 'mail', 'observability'] },
  // One room: the project's configuration and keys, which everything reads.
  { floor: 0, name: 'the configuration and keys', rooms: ['config.ts', 'signing-keys.ts', 'keys.ts'], shared: true },
];

const SRC = 'emulator/src/';
const TEST_FILE = /\.(test|spec|suite)\.[cm]?[jt]sx?$/;

/**
 * Where a repository path sits in the emulator: its room and floor; `{ room, floor: null }` for a
 * part of emulator/src/ on no floor; null outside emulator/src/ (or for a test).
 */
export function placeOf(relativePath) {
  const normal = relativePath.split(path.sep).join('/');
  if (!normal.startsWith(SRC) || TEST_FILE.test(normal)) return null;
  const first = normal.slice(SRC.length).split('/')[0];
  const room = first.endsWith('.js') ? first.replace(/\.js$/, '.ts') : first;
  for (const level of FLOORS) {
    if (level.rooms.includes(room)) return { room: level.shared ? 'foundation' : room, shown: room, floor: level.floor, name: level.name };
  }
  return { room, shown: room, floor: null, name: null };
}

/** Why `from` may not import `to`, or null when it may. */
export function floorViolation(from, to) {
  if (!from || !to || from.room === to.room) return null;
  if (from.floor === null) return `emulator/src/${from.shown} is on no floor: give it one in eslint-rules/emulator-floors.js and emulator/README.md#layout`;
  if (to.floor === null) return `emulator/src/${to.shown} is on no floor: give it one in eslint-rules/emulator-floors.js and emulator/README.md#layout`;
  if (to.floor > from.floor) return `${to.shown} is ${to.name}, a floor above ${from.name}: arrows run down only`;
  if (to.floor === from.floor) {
    if (from.floor === 3) return 'services meet through the floors below: what the console shows goes through observability/, and a service calls another through the gateway (ServiceContext.fetchGateway)';
    return `${from.shown} and ${to.shown} stand side by side on one floor and do not import each other`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const emulatorFloors = {
  meta: {
    type: 'problem',
    docs: { description: "Keep the emulator's imports running down its floors (emulator/README.md#layout)" },
    schema: [],
    messages: {
      upward: 'emulator/src/{{from}} must not import {{to}} ("{{specifier}}"): {{why}}. See emulator/README.md#layout.',
    },
  },
  create(context) {
    const filename = context.filename;
    const from = placeOf(path.relative(root, filename));
    if (!from) return {};
    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(filename), source.value));
      const to = placeOf(target);
      const why = floorViolation(from, to);
      if (why) {
        context.report({
          node,
          messageId: 'upward',
          data: { from: from.shown, to: `emulator/src/${to.shown}`, specifier: source.value, why },
        });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, node.arguments[0]);
      },
    };
  },
};
