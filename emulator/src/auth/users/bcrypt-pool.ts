// bcrypt in worker threads: at cost 10 one hash takes ~100 ms of CPU, so running them off the
// main thread keeps the emulator answering other requests and lets sign-ins use every core.
// The worker is a small ES module given as a data: URL that imports the installed bcryptjs.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { BCRYPT_COST, type PasswordHasher } from './passwords.js';

interface Job {
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

function workerSource(bcryptUrl: string): string {
  return `
import bcrypt from ${JSON.stringify(bcryptUrl)};
import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, op, password, hash, cost }) => {
  const work = op === 'hash' ? bcrypt.hash(password, cost) : bcrypt.compare(password, hash);
  work.then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error && error.message || error) }),
  );
});`;
}

export class BcryptPool implements PasswordHasher {
  private readonly workers: Worker[] = [];
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;
  private nextWorker = 0;

  /** The jobs each worker holds, failed if it dies. */
  private readonly owned = new WeakMap<Worker, Set<number>>();
  private readonly url: URL;
  private closed = false;

  constructor(
    /** The cost of the hashes it makes (Config.bcryptCost; GoTrue's without one). */
    private readonly cost: number = BCRYPT_COST,
    private readonly size = Math.max(1, availableParallelism()),
  ) {
    this.url = new URL(
      `data:text/javascript,${encodeURIComponent(workerSource(import.meta.resolve('bcryptjs')))}`,
    );
  }

  /** Starts the worker of slot `index`; a worker that dies fails its jobs and is replaced. */
  private spawn(index: number): Worker {
    const worker = new Worker(this.url);
    const mine = new Set<number>();
    worker.unref();
    worker.on('message', (message: { id: number; result?: string | boolean; error?: string }) => {
      const job = this.jobs.get(message.id);
      mine.delete(message.id);
      if (!job) return;
      this.jobs.delete(message.id);
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.result!);
    });
    worker.on('exit', () => {
      for (const id of mine) {
        this.jobs.get(id)?.reject(new Error('the bcrypt worker stopped'));
        this.jobs.delete(id);
      }
      if (!this.closed) this.workers[index] = this.spawn(index);
    });
    worker.on('error', () => undefined);
    this.owned.set(worker, mine);
    return worker;
  }

  private run<T extends string | boolean>(message: Record<string, unknown>): Promise<T> {
    // Workers start on first use, so they cost nothing at emulator start-up.
    if (this.workers.length === 0) {
      for (let i = 0; i < this.size; i++) this.workers.push(this.spawn(i));
    }
    const id = this.nextId++;
    const worker = this.workers[this.nextWorker++ % this.workers.length]!;
    return new Promise<T>((resolve, reject) => {
      this.jobs.set(id, { resolve: resolve as Job['resolve'], reject });
      this.owned.get(worker)?.add(id);
      worker.postMessage({ id, ...message });
    });
  }

  hash(password: string): Promise<string> {
    return this.run<string>({ op: 'hash', password, cost: this.cost });
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.run<boolean>({ op: 'compare', password, hash });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
