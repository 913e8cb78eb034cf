// Which process listens on a TCP port, for the message when a default port is taken. Linux
// keeps listening sockets in /proc/net/tcp{,6} (by inode) and each process's open sockets in
// /proc/<pid>/fd; elsewhere, or for another user's process, the answer is null.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface PortHolder {
  pid: number;
  command: string;
}

const LISTEN = '0A';

function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      if (!local || fields[3] !== LISTEN) continue;
      if (parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

export function findPortHolder(port: number): PortHolder | null {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
        return { pid: Number(pid), command };
      }
    }
  }
  return null;
}

/** The message for a port in use: who holds it, and how to start anyway. */
export function portTakenMessage(what: string, port: number, flag: string, holder: PortHolder | null): string {
  const who = holder ? ` by process ${holder.pid} (${holder.command})` : ' by another process';
  return (
    `The ${what} port ${port} is already in use${who}.\n` +
    `Stop that process, or start on other ports: ${flag} <port>, or ${flag} 0 to pick a free one.`
  );
}
