// Builds the console's browser app (a small React app on @portal/ui) into the folder given as the
// first argument: `node --import tsx emulator/console-app/build.ts <out>`. The emulator runs this
// itself the first time its console is opened (see src/console/assets.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = process.argv[2];
if (!out) {
  console.error('usage: build.ts <output folder>');
  process.exit(2);
}

const compiler = rspack({
  mode: 'production',
  context: here,
  entry: { main: './src/main.tsx' },
  output: { path: path.resolve(out), filename: '[name].[contenthash:8].js', chunkFilename: '[name].[contenthash:8].js', publicPath: '/', clean: true },
  resolve: {
    extensions: ['.tsx', '.ts', '.js', '.json'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  },
  module: {
    rules: [
      {
        test: /\.[cm]?[jt]sx?$/,
        // Packages are JavaScript already; the console's own sources are compiled wherever they
        // lie, a node_modules folder too when the emulator is installed from the registry.
        exclude: (file: string) => file.includes(`${path.sep}node_modules${path.sep}`) && !file.startsWith(here),
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
        },
        type: 'javascript/auto',
      },
    ],
  },
  performance: { hints: false },
  plugins: [new rspack.HtmlRspackPlugin({ template: path.join(here, 'index.html'), scriptLoading: 'defer' })],
});

compiler.run((error, stats) => {
  compiler.close(() => undefined);
  if (error) {
    console.error(error);
    process.exit(1);
  }
  if (stats?.hasErrors()) {
    console.error(stats.toString({ all: false, errors: true }));
    process.exit(1);
  }
});
