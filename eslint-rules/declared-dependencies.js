// Every workspace declares the workspace packages it imports (`@portal/platform`, `@portal/ui`,
// `@portal/deploy`…) in its own package.json. npm hoists workspace packages to the root's
// node_modules, so an undeclared import resolves here all the same, and fails only where the
// package is installed on its own: a team's repository, a published package.
import path from 'node:path';
import { areaOf, importerAreaOf, violation } from './import-boundaries.js';
import { root, workspacePackages } from './workspaces.js';

const packages = workspacePackages();
// Longest folder first: a file belongs to the deepest workspace holding it.
const byFolder = [...packages].sort((a, b) => b.folder.length - a.folder.length);

/** The workspace a repository path lies in, or undefined (tests/, bench/, scripts/, the root). */
function workspaceOf(relativePath) {
  const file = relativePath.split(path.sep).join('/');
  return byFolder.find(({ folder }) => file.startsWith(`${folder}/`));
}

/** The workspace package a specifier names (itself or a subpath of it), or undefined. */
function packageNamed(specifier) {
  return packages.find(({ name }) => specifier === name || specifier.startsWith(`${name}/`));
}

/** @type {import('eslint').Rule.RuleModule} */
export const declaredDependencies = {
  meta: {
    type: 'problem',
    docs: { description: 'A workspace declares in its package.json every workspace package it imports' },
    schema: [],
    messages: {
      undeclared:
        '{{workspace}} imports {{name}} ("{{specifier}}") without declaring it: add "{{name}}" to the dependencies (or devDependencies, for tests and build tooling) of {{folder}}/package.json.',
    },
  },
  create(context) {
    const relative = path.relative(root, context.filename);
    const workspace = workspaceOf(relative);
    if (!workspace) return {};
    const from = importerAreaOf(relative);
    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const imported = packageNamed(source.value);
      if (!imported || imported.name === workspace.name || workspace.declared.has(imported.name)) return;
      // An import across a boundary is the boundary rule's to report: declaring it would not make it right.
      if (violation(from, areaOf(imported.folder))) return;
      context.report({
        node,
        messageId: 'undeclared',
        data: { workspace: workspace.name, name: imported.name, specifier: source.value, folder: workspace.folder },
      });
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
