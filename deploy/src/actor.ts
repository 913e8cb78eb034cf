// Who changes a folder environment, for status, when --note says nothing: git's user.name, else
// the login name. (A project records the verified caller instead.)
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
