// Who changes an environment, for status: --actor, else git's user.name, else the login name.
import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';

export function defaultActor(): string {
  try {
    const name = execFileSync('git', ['config', 'user.name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (name) return name;
  } catch {
    // No git, or no user.name set: the login name says enough.
  }
  return userInfo().username;
}
