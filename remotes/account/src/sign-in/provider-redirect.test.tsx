/** @jest-environment jsdom */
// Linking an identity and signing in with a provider leave the page on success; a call that
// throws (not one that answers with an error) must end the wait and say why. supabase-js throws
// when the browser refuses to keep the PKCE verifier (storage full or blocked): the client here
// has such a storage, and the button is pressed as a person would.
import '@testing-library/jest-dom';
import { createPortal, installPortal, uninstallPortal } from '@portal/platform';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import WebSocket from 'ws';
import { IdentitiesCard } from '../security/IdentitiesCard.js';
import { OtherSignInOptions } from './OtherSignInOptions.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const URL = 'http://127.0.0.1:1';

/**
 * The project's auth settings offer the test provider; nothing else is asked for before the
 * press. (jsdom has no Response: the settings hook reads only `ok` and `json()`.)
 */
async function answer(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  const settings = { external: { test: true }, disable_signup: false, mailer_autoconfirm: true };
  if (url !== `${URL}/auth/v1/settings`) throw new Error(`not expected: ${url}`);
  return { ok: true, json: async () => settings } as Response;
}

const refusingStorage = {
  getItem: () => null,
  setItem: () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  },
  removeItem: () => {},
};

let supabase: SupabaseClient;
const realFetch = globalThis.fetch;

beforeAll(() => {
  globalThis.fetch = jest.fn(answer) as typeof fetch;
  supabase = createClient(URL, ANON_KEY, {
    auth: {
      flowType: 'pkce',
      storage: refusingStorage,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    global: { fetch: answer as typeof fetch },
    realtime: { transport: WebSocket as never },
  });
  installPortal(createPortal({ supabase: supabase as never }));
});

afterAll(() => {
  uninstallPortal();
  globalThis.fetch = realFetch;
});

describe('a provider link that throws', () => {
  it('ends “Opening the provider…” on the identities card and says what went wrong', async () => {
    jest.spyOn(supabase.auth, 'getUser').mockResolvedValue({
      data: { user: { id: 'u1', identities: [], app_metadata: {}, user_metadata: {}, aud: 'authenticated', created_at: '' } },
      error: null,
    });
    render(<IdentitiesCard />);
    const link = await screen.findByRole('button', { name: 'Link Test provider' });
    await userEvent.setup().click(link);
    expect(await screen.findByRole('alert')).toHaveTextContent('The quota has been exceeded.');
    expect(link).not.toHaveAttribute('aria-busy');
  });

  it('ends “Opening the provider…” on the sign-in page and says what went wrong', async () => {
    render(<OtherSignInOptions next={null} />);
    const button = await screen.findByRole('button', { name: 'Continue with Test provider' });
    await userEvent.setup().click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('The quota has been exceeded.');
    expect(button).not.toHaveAttribute('aria-busy');
  });
});
