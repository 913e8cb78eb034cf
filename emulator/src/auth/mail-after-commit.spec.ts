// A mail belongs to the transaction that stores its token: it reaches the mailbox only once that
// transaction commits. An email change mails the new address and then the current one; when the
// second mail is refused (the hourly email_sent budget), the change rolls back, and the first
// mail, whose link and code lead to a token that was never stored, must not be in the mailbox.
import { ANON_KEY, latestMail, startTestEmulator, type TestEmulator } from '../../test/harness.js';
import { freshEmail } from '../../test/auth/auth-flows.suite.js';

const CONFIG = `
[auth]
site_url = "http://127.0.0.1:3000"

[auth.rate_limit]
email_sent = 1
sign_in_sign_ups = 50

[auth.email]
enable_confirmations = false
double_confirm_changes = true
max_frequency = "1s"
`;

describe('auth mail after commit', () => {
  // The machine is shared and bcrypt is slow by design: allow for a busy CPU.
  jest.setTimeout(60_000);
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({ configToml: CONFIG });
  }, 120_000);

  afterAll(() => emulator?.stop(), 60_000);

  it('sends no mail for an email change that failed half-way', async () => {
    const c = emulator.client(ANON_KEY);
    const email = freshEmail('change-from');
    const { data, error } = await c.auth.signUp({ email, password: 'password-1' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    const newEmail = freshEmail('change-to');
    // One mail of the budget: the new address's goes, the current address's is refused.
    const change = await c.auth.updateUser({ email: newEmail });
    expect(change.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
    expect(await latestMail(emulator.mailUrl, newEmail)).toBeNull();
    expect(await latestMail(emulator.mailUrl, email)).toBeNull();
    const { data: user } = await c.auth.getUser();
    expect(user.user).toMatchObject({ email });
    expect(user.user?.new_email).toBeUndefined();
  });
});
