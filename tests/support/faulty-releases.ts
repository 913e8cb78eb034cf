// Broken releases of a real remote, for fault containment tests. The remote's published release
// is copied beside it into a folder of its own and changed the way a bad build would be; its
// manifest lists the hashes of the changed scripts as publishing does, and the release's entry
// carries the manifest's hash, so the shell's integrity checks pass and what fails is the code
// itself. Nothing points at these releases: the environment's registry stays on the good one,
// and a test points one browser at a broken release by answering registry.json for it alone.
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FILE_INTEGRITY_FIELD, type ReleaseFiles } from '@portal/platform/registry';
import { releaseFilesOf } from '../../deploy/src/release-manifest.js';

/** What is wrong with the code of a broken release. */
export type CodeFault = 'entry-throws' | 'mount-throws' | 'mount-hangs' | 'render-throws-later';

export interface FaultyRelease {
  version: string;
  manifest: string;
  integrity: string;
  /** Where its entry and first scripts are, with their changed hashes, as deploy writes them into the registry. */
  files?: ReleaseFiles;
}

/** The message each broken release throws, so a test can look for it on the error card. */
export function faultMessage(remote: string, fault: CodeFault): string {
  switch (fault) {
    case 'entry-throws':
      return `${remote} remoteEntry.js threw while it was evaluated (injected fault)`;
    case 'mount-throws':
      return `${remote} mount threw (injected fault)`;
    case 'render-throws-later':
      return `${remote} threw while rendering, after it had mounted (injected fault)`;
    case 'mount-hangs':
      return '';
  }
}

/**
 * Wraps the remote's own `defineRemote` call (in its exposed module's chunk): the lifecycles it
 * makes are the real ones with `mount` replaced, or its root component rendered inside one that
 * throws on a re-render a moment after mounting. React comes from the page's share scope, the
 * one copy the remote itself renders with.
 */
function defineRemoteWrapper(remote: string, fault: Exclude<CodeFault, 'entry-throws'>): string {
  const message = JSON.stringify(faultMessage(remote, fault));
  const body = {
    'mount-throws': `var l = defineRemote(Root, meta, options);
      return Object.assign({}, l, { mount: function () { return Promise.reject(new Error(${message})); } });`,
    'mount-hangs': `var l = defineRemote(Root, meta, options);
      return Object.assign({}, l, { mount: function () { return new Promise(function () {}); } });`,
    'render-throws-later': `var shared = globalThis.__FEDERATION__.__SHARE__;
      var React = null;
      Object.keys(shared).forEach(function (host) {
        var versions = shared[host].default && shared[host].default.react;
        Object.keys(versions || {}).forEach(function (v) { if (!React && versions[v].lib) React = versions[v].lib(); });
      });
      function Later(props) {
        var state = React.useState(false);
        React.useEffect(function () { var t = setTimeout(function () { state[1](true); }, 500); return function () { clearTimeout(t); }; }, []);
        if (state[0]) throw new Error(${message});
        return React.createElement(Root, props);
      }
      return defineRemote(Later, meta, options);`,
  }[fault];
  return `(function (defineRemote) { return function (Root, meta, options) { ${body} }; })`;
}

const sri = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Changes a copy of the remote's release in `dir` so that it fails with `fault`; returns the files changed. */
function breakBuild(dir: string, remote: string, fault: CodeFault): string[] {
  const entryFile = path.join(dir, 'remoteEntry.js');
  const entry = readFileSync(entryFile, 'utf8');
  if (fault === 'entry-throws') {
    writeFileSync(entryFile, `throw new Error(${JSON.stringify(faultMessage(remote, fault))});\n${entry}`);
    return ['remoteEntry.js'];
  }
  const call = /\(0,([\w$]+)\.defineRemote\)\(/g;
  const chunks = readdirSync(dir).filter((file) => file.endsWith('.js') && file !== 'remoteEntry.js' && readFileSync(path.join(dir, file), 'utf8').match(call));
  if (chunks.length !== 1) throw new Error(`${remote}: expected one chunk calling defineRemote, found ${chunks.length} (${chunks.join(', ')})`);
  const chunkFile = path.join(dir, chunks[0]!);
  const before = readFileSync(chunkFile, 'utf8');
  if (before.match(call)!.length !== 1) throw new Error(`${remote}: ${chunks[0]} calls defineRemote more than once`);
  const after = before.replace(call, (_, platform: string) => `(0,${defineRemoteWrapper(remote, fault)}(${platform}.defineRemote))(`);
  writeFileSync(chunkFile, after);
  // The remote's chunk loader checks each chunk against the hash built into remoteEntry.js.
  const oldHash = sri(before);
  if (entry.split(oldHash).length !== 2) throw new Error(`${remote}: remoteEntry.js does not name ${chunks[0]}'s hash exactly once`);
  writeFileSync(entryFile, entry.replace(oldHash, sri(after)));
  return ['remoteEntry.js', chunks[0]!];
}

/**
 * Puts one broken release of `remote` per fault beside its good release (`releaseDir`, a folder
 * its static server serves): `<good version>-<fault>/`, with its manifest's file hashes updated.
 */
export function publishFaultyReleases(remote: string, remoteOrigin: string, releaseDir: string, faults: readonly CodeFault[]): Map<CodeFault, FaultyRelease> {
  const releases = new Map<CodeFault, FaultyRelease>();
  for (const fault of faults) {
    const version = `${path.basename(releaseDir)}-${fault}`;
    const dir = path.join(path.dirname(releaseDir), version);
    cpSync(releaseDir, dir, { recursive: true });
    const changed = breakBuild(dir, remote, fault);
    const manifestFile = path.join(dir, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Record<string, string>>;
    for (const file of changed) manifest[FILE_INTEGRITY_FIELD]![file] = sri(readFileSync(path.join(dir, file)));
    const bytes = `${JSON.stringify(manifest, null, 2)}\n`;
    writeFileSync(manifestFile, bytes);
    const files = releaseFilesOf(Buffer.from(bytes));
    releases.set(fault, { version, manifest: `${remoteOrigin}/${encodeURIComponent(version)}/mf-manifest.json`, integrity: sri(bytes), ...(files ? { files } : {}) });
  }
  return releases;
}
