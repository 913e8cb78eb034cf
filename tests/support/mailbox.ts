// Reading the emulator's mailbox (its Mailpit-compatible API) from browser tests: which mails an
// address holds, and the next one of a kind, waited for with a limit and a message that lists
// what the mailbox held instead.
import type { MailMessage } from '../../emulator/test/harness.js';
import { waitUntil, type WaitOptions } from './waits.js';

export type { MailMessage };

interface MailSummary {
  ID: string;
  Subject: string;
  Created: string;
}

export interface Mailbox {
  /** The mails to `to`, newest first. */
  list(to: string): Promise<MailSummary[]>;
  /** The ids of the mails `to` holds now: pass them to `next` to wait for a newer one. */
  seen(to: string): Promise<Set<string>>;
  /** The newest mail to `to` whose subject matches and whose id is not in `seen`. */
  next(to: string, subject: RegExp, seen: Set<string>, options?: WaitOptions): Promise<MailMessage>;
}

export function mailbox(mailUrl: string): Mailbox {
  const getJson = async <T>(url: string): Promise<T> => {
    const response = await fetch(url);
    if (!response.ok)
      throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const list = async (to: string) =>
    (
      await getJson<{ messages: MailSummary[] }>(
        `${mailUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`,
      )
    ).messages;
  return {
    list,
    async seen(to) {
      return new Set((await list(to)).map((mail) => mail.ID));
    },
    async next(to, subject, seen, { state, ...options } = {}) {
      const found = await waitUntil(
        `no new mail with subject ${subject} to ${to}`,
        async () =>
          (await list(to)).find((mail) => !seen.has(mail.ID) && subject.test(mail.Subject)),
        {
          ...options,
          state: async () => {
            const held = (await list(to)).map(
              (m) => `"${m.Subject}" ${m.Created}${seen.has(m.ID) ? ' (seen before)' : ''}`,
            );
            const extra = state ? `; ${await state()}` : '';
            return `mailbox holds for ${to}: ${held.length ? held.join(', ') : 'nothing'}${extra}`;
          },
        },
      );
      return getJson<MailMessage>(`${mailUrl}/api/v1/message/${found.ID}`);
    },
  };
}

/** The first link of a mail (the action it asks for). */
export function linkIn(mail: MailMessage): string {
  const link = mail.Text.split('\n').find((line) => line.startsWith('http'));
  if (!link) throw new Error(`mail "${mail.Subject}" holds no link:\n${mail.Text}`);
  return link;
}

/** The 6-digit code of a mail. */
export function codeIn(mail: MailMessage): string {
  const code = /enter the code: (\d{6})/.exec(mail.Text)?.[1];
  if (!code) throw new Error(`mail "${mail.Subject}" holds no 6-digit code:\n${mail.Text}`);
  return code;
}
