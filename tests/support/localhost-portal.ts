// A test portal opened on localhost, whose emulator's [auth.webauthn] names the shell's origin as
// the relying party: WebAuthn refuses IP addresses as a relying party, and the emulator's config
// must name the shell's origin before the shell starts, so the shell's port is chosen first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { reservePort } from '../../scripts/reserve-port.js';
import { REPO, startTestPortal, type TestPortal } from '../portal-harness.js';

export interface LocalhostPortalOptions {
  /** Config sections beyond [auth.webauthn] (TOML), e.g. a factor's or a provider's switch. */
  extraConfig?: string;
  /** Also let redirect_to name the shell's own pages (additional_redirect_urls). */
  redirectsToSite?: boolean;
}

export interface LocalhostPortal {
  portal: TestPortal;
  /** The shell's origin, http://localhost:<port>. */
  siteUrl: string;
}

/** The portal's own project config, with WebAuthn's relying party on localhost; stop it with `portal.stop()`. */
export async function startLocalhostPortal({ extraConfig = '', redirectsToSite = false }: LocalhostPortalOptions = {}): Promise<LocalhostPortal> {
  // Held until the shell listens on it (scripts/reserve-port.js).
  const { port: shellPort, release } = await reservePort();
  const siteUrl = `http://localhost:${shellPort}`;
  let base = readFileSync(path.join(REPO, 'supabase', 'config.toml'), 'utf8');
  if (redirectsToSite) base = base.replace(/^additional_redirect_urls = \[/m, `additional_redirect_urls = ["${siteUrl}/**", `);
  const configToml = `${base}
[auth.webauthn]
rp_id = "localhost"
rp_display_name = "Portal"
rp_origins = ["${siteUrl}"]
${extraConfig}`;
  try {
    return { portal: await startTestPortal({ shellPort, emulator: { configToml } }), siteUrl };
  } finally {
    await release();
  }
}
