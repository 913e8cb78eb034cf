// Takes away, before the function's code runs, the handles a function's process would have on
// other processes. Node's permission model (the flags the emulator starts the process with)
// already refuses file access outside the function's folders, child processes, worker threads,
// native addons, WASI, the inspector and `process.binding`; it does not cover signals, so:
// - `process.kill` / `process._kill` (any pid, the emulator's included) are refused;
// - `process._debugProcess(pid)` would start the inspector of another Node process (the
//   emulator) by signal: refused;
// - a `ChildProcess` that was never spawned signals pid 0, i.e. its whole process group: the
//   native `kill` of its handle is removed (the emulator also starts each function in a
//   process group of its own);
// - `os.setPriority` may renice other processes of the same user: only its own process.
// ES module imports of builtins (`import { kill } from 'node:process'`) are bound before any
// code runs, to the original functions: they are brought in line afterwards.
import { ChildProcess } from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';

export class ProcessAccessDenied extends Error {
  readonly code = 'ERR_ACCESS_DENIED';
  constructor(api: string) {
    super(`${api} is not allowed in an Edge Function: it may not signal or debug other processes`);
    this.name = 'PermissionDenied';
  }
}

function replace(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, {
    value,
    writable: false,
    configurable: false,
    enumerable: false,
  });
}

function refuse(target: object, name: string, api: string): void {
  replace(target, name, () => {
    throw new ProcessAccessDenied(api);
  });
}

export function guardProcess(): void {
  refuse(process, 'kill', 'process.kill');
  refuse(process, '_kill', 'process.kill');
  refuse(process, '_debugProcess', 'process._debugProcess');
  refuse(process, '_debugEnd', 'process._debugEnd');
  // Spawning is refused by the permission model; an unspawned handle could still signal.
  const handle = (new ChildProcess() as unknown as { _handle: object })._handle;
  const processWrap = Object.getPrototypeOf(handle) as object;
  refuse(processWrap, 'kill', 'ChildProcess.kill');
  refuse(processWrap, 'spawn', 'child_process');
  const setPriority = os.setPriority.bind(os);
  replace(os, 'setPriority', (pidOrPriority: number, priority?: number) => {
    if (priority === undefined) return setPriority(pidOrPriority);
    if (pidOrPriority !== 0 && pidOrPriority !== process.pid)
      throw new ProcessAccessDenied('os.setPriority of another process');
    return setPriority(pidOrPriority, priority);
  });
  syncBuiltinESMExports();
}
