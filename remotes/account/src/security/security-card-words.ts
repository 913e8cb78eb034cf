// The security page's cards' titles and descriptions, in the page's order. Kept apart from the
// cards: the area's first chunk draws them (SecurityPageLoading.tsx) while the cards' chunk and
// their first reads are on their way, so the page's text is on screen without waiting for either
// (issue #40, target 1: LCP), and the cards say the same words when they take its place.

export const SECURITY_CARD_WORDS = {
  passkeys: { title: 'Passkeys', description: "Sign in with your device's screen lock or a security key instead of a password." },
  factors: {
    title: 'Authenticator apps',
    description: 'A second step at sign-in: a 6-digit code from an app such as 1Password, Google Authenticator or Authy.',
  },
  securityKeys: { title: 'Security keys and passkeys', description: "A second step at sign-in with a hardware key or your device's passkey." },
  identities: { title: 'Sign-in methods', description: 'Each linked identity is a way into this same account.' },
  connectedApps: { title: 'Connected apps', description: 'Apps you let use your account. Revoke one to sign it out.' },
  sessions: { title: 'Where you are signed in', description: 'Sign out of this browser, of every other device, or everywhere at once.' },
} as const;

export type SecurityCard = keyof typeof SECURITY_CARD_WORDS;

/** The cards whose content is a read (every card but the sessions'): the page is shown once each has answered. */
export const CARDS_WITH_READS: readonly SecurityCard[] = ['passkeys', 'factors', 'securityKeys', 'identities', 'connectedApps'];
