// The mail helper against a real emulator: a second sign-in mail sooner than the project's
// max_frequency after the first is refused (as GoTrue does), so no mail comes, and waiting for it
// ends at its limit with a message that lists what the mailbox holds, instead of hanging.
import path from 'node:path';
import { startTestEmulator, type TestEmulator } from '../../emulator/test/harness.js';
import { REPO } from '../portal-harness.js';
import { codeIn, linkIn, mailbox } from './mailbox.js';
import { newPerson } from './people.js';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase'), reuseSeeded: true });
}, 180_000);

afterAll(async () => {
  await emulator?.stop();
});

describe('waiting for a mail', () => {
  it('finds the next mail of a kind, newer than the ones seen, with its link and code', async () => {
    const person = await newPerson(emulator, 'mail-next');
    const inbox = mailbox(emulator.mailUrl);
    const seen = await inbox.seen(person.email);
    expect(seen.size).toBe(0);
    const { error } = await emulator.client().auth.signInWithOtp({ email: person.email });
    expect(error).toBeNull();
    const mail = await inbox.next(person.email, /Magic Link/, seen, { timeoutMs: 10_000 });
    expect(linkIn(mail)).toMatch(/\/auth\/v1\/verify\?token=/);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
  });

  it('ends at its limit, saying what the mailbox holds, when the emulator refused a mail within max_frequency', async () => {
    const person = await newPerson(emulator, 'mail-refused');
    const inbox = mailbox(emulator.mailUrl);
    const client = emulator.client();
    expect((await client.auth.signInWithOtp({ email: person.email })).error).toBeNull();
    const seen = await inbox.seen(person.email);
    // supabase/config.toml: [auth.email] max_frequency = "1s", per person and kind of token.
    const again = await client.auth.signInWithOtp({ email: person.email });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });

    const started = Date.now();
    await expect(
      inbox.next(person.email, /Magic Link/, seen, {
        timeoutMs: 1_500,
        state: () => 'page shows "Could not send the mail"',
      }),
    ).rejects.toThrow(
      new RegExp(
        `^no new mail with subject /Magic Link/ to ${person.email}: not after 2 s; mailbox holds for ${person.email}: "Your Magic Link" \\S+ \\(seen before\\); page shows "Could not send the mail"$`,
      ),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
