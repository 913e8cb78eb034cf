// What a person types to sign in with their company's single sign-on: their work email or the
// company's domain. The project's SSO providers are registered by email domain.

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The domain to look up, or why the entry is not one. */
export function ssoDomainOf(entry: string): { domain: string } | { error: string } {
  const text = entry.trim().toLowerCase();
  if (!text) return { error: 'Enter your work email or your company’s domain, like name@acme.com or acme.com.' };
  const at = text.lastIndexOf('@');
  const domain = at >= 0 ? text.slice(at + 1) : text;
  if (at === 0 || !DOMAIN.test(domain)) {
    return { error: `“${entry.trim()}” is not an email address or a domain; enter one like name@acme.com or acme.com.` };
  }
  return { domain };
}
