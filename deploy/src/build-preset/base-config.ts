// What every portal app's build shares, the shell's and each remote's: content-hashed file names,
// source maps, TypeScript and JSX through rspack's built-in SWC loader, CORS-mode script loading.
import type { Configuration } from '@rspack/core';

export type BuildMode = 'production' | 'development';

export interface BaseConfigOptions {
  /** The container name (output.uniqueName: each app's chunk-loading global is its own). */
  name: string;
  /** The app's folder (context: entries and exposes are relative to it). */
  dir: string;
  outDir: string;
  mode: BuildMode;
  /** `/` for the shell; `auto` for a remote, which is served from its own versioned folder. */
  publicPath: string;
}

export function baseConfig({ name, dir, outDir, mode, publicPath }: BaseConfigOptions): Configuration {
  return {
    name,
    mode,
    context: dir,
    devtool: 'source-map',
    target: 'web',
    output: {
      path: outDir,
      // Immutable, content-hashed files; only index.html, remoteEntry.js (inside an immutable
      // version folder) and mf-manifest.json keep stable names.
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath,
      uniqueName: name,
      clean: true,
      // Scripts from a remote's origin are fetched in CORS mode, as Subresource Integrity needs.
      crossOriginLoading: 'anonymous',
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // Sources import `./x.js` (ESM with verbatimModuleSyntax) for `./x.ts(x)`.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: mode === 'development' } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
  };
}
