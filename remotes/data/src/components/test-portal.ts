// For jsdom tests only: a portal installed around a client whose requests never leave the test
// (they fail as an unreachable server does), so components that read the connection state or
// the client can render.
import { createPortal, installPortal, uninstallPortal } from '@portal/platform';
import { createClient } from '@supabase/supabase-js';

export function installTestPortal(): void {
  beforeAll(() => {
    const supabase = createClient('http://127.0.0.1:9', 'test-anon-key', {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    installPortal(createPortal({ supabase: supabase as never }));
  });
  afterAll(() => uninstallPortal());
}
