// `npm run bench`: runs every benchmark in this folder, one after another (they share two
// cores, so never in parallel), and prints their figures. `npm run bench -- rest` runs the
// ones whose file name contains "rest" (only `rest.ts` when the filter names a file exactly);
// arguments after the filter go to the benchmarks run (`npm run bench -- load --people 5
// --seconds 10`). Figures only: nothing here passes or fails on time.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const filter = process.argv[2] ?? '';
const benchArgs = process.argv.slice(3);
const matching = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_') && f.includes(filter))
  .sort();
const benches = matching.includes(`${filter}.ts`) ? [`${filter}.ts`] : matching;

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file), ...benchArgs], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.log(`${file} did not finish (exit ${result.status ?? result.signal}).`);
  }
}
process.exit(failed ? 1 : 0);
