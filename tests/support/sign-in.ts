// Signing in on the account remote's sign-in page, as a person would.
import type { TestPage } from '../browser.js';

/** Fills the "Sign in" form with the email and password and submits it. */
export async function signInWithPassword(page: TestPage, email: string, password: string): Promise<void> {
  const form = page.locator('form[aria-label="Sign in"]');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}
