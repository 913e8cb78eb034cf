// Asking the person at the terminal for what is not passed another way (a password, an emailed
// code): a secret is not echoed. Without a terminal there is nobody to ask, and the command says
// how to pass it instead.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { DeployError, DeployErrorCode } from '../errors.js';

export async function ask(question: string, { secret = false, otherwise }: { secret?: boolean; otherwise: string }): Promise<string> {
  if (!process.stdin.isTTY) throw new DeployError(DeployErrorCode.InvalidOption, `${question.replace(/:\s*$/, '')}: there is no terminal to ask on; ${otherwise}.`);
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const readline = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = new Promise<string>((resolve) => readline.question(question, resolve));
    muted = secret;
    const value = await answer;
    if (secret) process.stderr.write('\n');
    return value.trim();
  } finally {
    readline.close();
  }
}

/** Reads all of standard input (a password piped in: --password-stdin). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}
