// The mails auth sends, modelled on GoTrue's default templates. Each carries its link and
// its one-time code, so the mailbox page can list them, and a footer naming the site the mail
// comes from: the site its link leads back to (mailSite).

export type MailKind =
  'confirmation' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication';

export interface MailInput {
  kind: MailKind;
  to: string;
  code: string;
  link: string | null;
  /** The site the footer names (mailSite: where the link leads back to, else site_url). */
  site: string;
  /** email_change: the address being confirmed. */
  newEmail?: string;
  /** email_change: the user's address now (none for a user adding their first email). */
  currentEmail?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const COPY: Record<MailKind, { subject: string; heading: string; intro: string; action: string }> =
  {
    confirmation: {
      subject: 'Confirm Your Signup',
      heading: 'Confirm your signup',
      intro: 'Follow this link to confirm your user:',
      action: 'Confirm your mail',
    },
    invite: {
      subject: 'You have been invited',
      heading: 'You have been invited',
      intro: 'You have been invited to create a user. Follow this link to accept the invite:',
      action: 'Accept the invite',
    },
    magiclink: {
      subject: 'Your Magic Link',
      heading: 'Magic Link',
      intro: 'Follow this link to login:',
      action: 'Log In',
    },
    recovery: {
      subject: 'Reset Your Password',
      heading: 'Reset Password',
      intro: 'Follow this link to reset the password for your user:',
      action: 'Reset Password',
    },
    email_change: {
      subject: 'Confirm Email Change',
      heading: 'Confirm Change of Email',
      intro: 'Follow this link to confirm the update of your email:',
      action: 'Change Email',
    },
    reauthentication: {
      subject: 'Confirm reauthentication',
      heading: 'Confirm reauthentication',
      intro: 'Enter the code below to confirm it is you.',
      action: '',
    },
  };

/**
 * The site a mail names: the origin of the `redirect_to` the request carried (already checked
 * against site_url and additional_redirect_urls), which is the site the person was on and the
 * link leads back to, else site_url. GoTrue's templates get both (`{{ .SiteURL }}` is site_url,
 * `{{ .RedirectTo }}` the request's); a footer naming site_url alone named
 * http://127.0.0.1:3000 (the CLI's default) for a portal running anywhere else.
 */
export function mailSite(redirectTo: string | null | undefined, siteUrl: string): string {
  try {
    const url = new URL(redirectTo ?? '');
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // not a URL: site_url below
  }
  try {
    return new URL(siteUrl).origin;
  } catch {
    return siteUrl;
  }
}

export function renderMail(input: MailInput): RenderedMail {
  const copy = COPY[input.kind];
  // The same words in both mails of a double-confirmed change (to the new and to the current
  // address): from the current address to the new one, whichever of the two `to` is.
  const from = input.currentEmail ? ` from ${input.currentEmail}` : '';
  const change = input.newEmail ? `${from} to ${input.newEmail}` : '';
  const intro =
    input.kind === 'email_change'
      ? `Follow this link to confirm the update of your email${change}:`
      : copy.intro;
  const codeLine = `Alternatively, enter the code: ${input.code}`;
  const text = [
    copy.heading,
    '',
    intro,
    ...(input.link ? [input.link] : []),
    '',
    codeLine,
    '',
    `Sent by ${input.site}`,
  ].join('\n');
  const html = [
    `<h2>${escape(copy.heading)}</h2>`,
    `<p>${escape(intro)}</p>`,
    input.link ? `<p><a href="${escape(input.link)}">${escape(copy.action)}</a></p>` : '',
    `<p>${input.link ? 'Alternatively, enter the code' : 'Code'}: <strong>${escape(input.code)}</strong></p>`,
    `<p>Sent by ${escape(input.site)}</p>`,
  ].join('\n');
  return { subject: copy.subject, text, html };
}
