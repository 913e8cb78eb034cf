/** A free port on 127.0.0.1 below the ephemeral range, held for this process until `release()`. */
export function reservePort(): Promise<{ port: number; release: () => Promise<void> }>;
/** Whether a process holds `port` through `reservePort()` now (stopped servers' ports included). */
export function isPortReserved(port: number): Promise<boolean>;
