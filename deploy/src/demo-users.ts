import { existsSync, readFileSync } from 'node:fs';

/**
 * The demo people listed in seed.sql's header comment (`--   email / password`), so `npm start`
 * prints what the seed really holds.
 */
export function demoUsersFromSeed(seedFile: string): { email: string; password: string }[] {
  if (!existsSync(seedFile)) return [];
  const users: { email: string; password: string }[] = [];
  for (const match of readFileSync(seedFile, 'utf8').matchAll(/^--\s+(\S+@\S+)\s+\/\s+(\S+)/gm)) {
    users.push({ email: match[1]!, password: match[2]! });
  }
  return users;
}
