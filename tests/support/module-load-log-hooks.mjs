// The module hooks of module-load-log.mjs (they run on Node's hooks thread).
import { appendFileSync } from 'node:fs';

let log;

export function initialize(data) {
  log = data.log;
}

export async function load(url, context, nextLoad) {
  if (log) appendFileSync(log, `${url}\n`);
  return nextLoad(url, context);
}
