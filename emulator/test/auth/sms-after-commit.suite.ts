// An SMS belongs to the transaction that stores its code: it reaches the mailbox only once that
// transaction commits. The emulator refuses every request it would refuse before storing the code
// (rate limits, max_frequency), so the failure here is the project's own: a constraint checked at
// COMMIT (a deferred constraint trigger in a migration) refusing any code for a listed number.
// Each request then fails after its SMS was handed over; the mailbox must have no SMS for it,
// since its code was never stored. Phone sign-up, SMS OTP, resend (sms and phone_change), phone
// change, reauthentication and an MFA phone factor's challenge each go through this.
import { ANON_KEY, latestMail, startTestEmulator, type TestEmulator } from '../harness.js';
import type { SupabaseClient } from '@supabase/supabase-js';

const CONFIG = `
[auth]
site_url = "http://127.0.0.1:3000"

[auth.rate_limit]
sign_in_sign_ups = 1000
token_verifications = 1000
sms_sent = 1000

[auth.sms]
enable_signup = true
enable_confirmations = true
max_frequency = "0s"
template = "Your Portal code is {{ .Code }}"

[auth.mfa.phone]
enroll_enabled = true
verify_enabled = true
max_frequency = "0s"
template = "Your Portal MFA code is {{ .Code }}"
`;

// Numbers listed in refused_phones get no code stored: the transaction that stores one (or an MFA
// challenge for a factor with such a number) fails at COMMIT.
const REFUSE_AT_COMMIT = `
create table public.refused_phones (phone text primary key);
grant all on public.refused_phones to service_role;

create function public.refuse_listed_token() returns trigger language plpgsql as $$
begin
  if exists (select 1 from public.refused_phones r where r.phone = new.relates_to) then
    raise exception 'no code for % (refused_phones)', new.relates_to;
  end if;
  return null;
end $$;
create constraint trigger refuse_listed_token after insert or update on auth.one_time_tokens
  deferrable initially deferred for each row execute function public.refuse_listed_token();

create function public.refuse_listed_challenge() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from auth.mfa_factors f join public.refused_phones r on r.phone = f.phone
    where f.id = new.factor_id
  ) then
    raise exception 'no MFA challenge for a listed number (refused_phones)';
  end if;
  return null;
end $$;
create constraint trigger refuse_listed_challenge after insert on auth.mfa_challenges
  deferrable initially deferred for each row execute function public.refuse_listed_challenge();
`;

/** The answer to a request whose COMMIT the trigger refused (not a refusal before the send). */
const REFUSED_AT_COMMIT = { status: 500 };

let counter = 0;
/** A fresh US number per test: +1555 then 7 digits. */
function freshPhone(): string {
  counter++;
  return `+1555${String((Date.now() % 100_000) * 100 + counter).padStart(7, '0')}`;
}

export function describeSmsAfterCommit(name: string, options: { postgres?: boolean } = {}): void {
  describe(name, () => {
    // The machine is shared: allow for a busy CPU.
    jest.setTimeout(60_000);
    let emulator: TestEmulator;

    beforeAll(async () => {
      emulator = await startTestEmulator({
        configToml: CONFIG,
        files: { 'migrations/20240101000000_refused_phones.sql': REFUSE_AT_COMMIT },
        ...options,
      });
    }, 120_000);

    afterAll(() => emulator?.stop(), 60_000);

    const client = () => emulator.client(ANON_KEY);

    async function refuse(phone: string): Promise<void> {
      const { error } = await emulator
        .admin()
        .from('refused_phones')
        .insert({ phone: phone.replace(/^\+/, '') });
      expect(error).toBeNull();
    }

    /** The id of the newest SMS to `phone`, or null. */
    async function latestSmsId(phone: string): Promise<string | null> {
      return (await latestMail(emulator.mailUrl, phone))?.ID ?? null;
    }

    async function codeFor(phone: string): Promise<string> {
      const sms = await latestMail(emulator.mailUrl, phone);
      const code = sms && /(\d{6})/.exec(sms.Text)?.[1];
      if (!code) throw new Error(`no SMS code for ${phone}`);
      return code;
    }

    /** A user signed in with a confirmed phone (and no email). */
    async function phoneUser(): Promise<{ c: SupabaseClient; phone: string }> {
      const c = client();
      const phone = freshPhone();
      expect((await c.auth.signInWithOtp({ phone })).error).toBeNull();
      const verified = await c.auth.verifyOtp({ phone, token: await codeFor(phone), type: 'sms' });
      expect(verified.error).toBeNull();
      return { c, phone };
    }

    it('sends no SMS for a phone sign-up that rolled back', async () => {
      const phone = freshPhone();
      await refuse(phone);
      const signup = await client().auth.signUp({ phone, password: 'phone-pass-1' });
      expect(signup.error).toMatchObject(REFUSED_AT_COMMIT);
      expect(await latestSmsId(phone)).toBeNull();
      // Nothing was stored: the number is still free for a sign-up.
      const { data } = await emulator.admin().auth.admin.listUsers({ perPage: 1000 });
      expect(data.users.some((u) => u.phone === phone.slice(1))).toBe(false);
    });

    it('sends no SMS for an SMS OTP that rolled back, new number or known', async () => {
      const fresh = freshPhone();
      await refuse(fresh);
      expect((await client().auth.signInWithOtp({ phone: fresh })).error).toMatchObject(
        REFUSED_AT_COMMIT,
      );
      expect(await latestSmsId(fresh)).toBeNull();

      const { phone } = await phoneUser();
      const first = await latestSmsId(phone);
      await refuse(phone);
      expect((await client().auth.signInWithOtp({ phone })).error).toMatchObject(REFUSED_AT_COMMIT);
      expect(await latestSmsId(phone)).toBe(first);
    });

    it('sends no SMS for a resend that rolled back', async () => {
      const phone = freshPhone();
      expect((await client().auth.signUp({ phone, password: 'phone-pass-1' })).error).toBeNull();
      const first = await latestSmsId(phone);
      expect(first).not.toBeNull();
      await refuse(phone);
      expect((await client().auth.resend({ type: 'sms', phone })).error).toMatchObject(
        REFUSED_AT_COMMIT,
      );
      expect(await latestSmsId(phone)).toBe(first);
    });

    it('sends no SMS for a phone change, or its resend, that rolled back', async () => {
      const { c } = await phoneUser();
      const refused = freshPhone();
      await refuse(refused);
      expect((await c.auth.updateUser({ phone: refused })).error).toMatchObject(REFUSED_AT_COMMIT);
      expect(await latestSmsId(refused)).toBeNull();
      expect((await c.auth.getUser()).data.user?.new_phone).toBeUndefined();

      const next = freshPhone();
      expect((await c.auth.updateUser({ phone: next })).error).toBeNull();
      const first = await latestSmsId(next);
      expect(first).not.toBeNull();
      await refuse(next);
      expect(
        (await client().auth.resend({ type: 'phone_change', phone: next })).error,
      ).toMatchObject(REFUSED_AT_COMMIT);
      expect(await latestSmsId(next)).toBe(first);
      // The first code is still the stored one.
      const verified = await c.auth.verifyOtp({
        phone: next,
        token: await codeFor(next),
        type: 'phone_change',
      });
      expect(verified.error).toBeNull();
      expect(verified.data.user?.phone).toBe(next.slice(1));
    });

    it('sends no reauthentication SMS that rolled back', async () => {
      const { c, phone } = await phoneUser();
      const first = await latestSmsId(phone);
      await refuse(phone);
      expect((await c.auth.reauthenticate()).error).toMatchObject(REFUSED_AT_COMMIT);
      expect(await latestSmsId(phone)).toBe(first);
    });

    it("sends no SMS for an MFA phone factor's challenge that rolled back", async () => {
      const { c } = await phoneUser();
      const factorPhone = freshPhone();
      const enrolled = await c.auth.mfa.enroll({ factorType: 'phone', phone: factorPhone });
      expect(enrolled.error).toBeNull();
      await refuse(factorPhone);
      const challenge = await c.auth.mfa.challenge({ factorId: enrolled.data!.id });
      expect(challenge.error).toMatchObject(REFUSED_AT_COMMIT);
      expect(await latestSmsId(factorPhone)).toBeNull();
    });
  });
}
