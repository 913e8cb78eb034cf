// The auth settings the service works with, derived once from config.toml's [auth] section
// (the CLI's names and defaults) plus the few GoTrue defaults the CLI does not expose.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { Config } from '../config.js';
import type { RelyingParty } from './factors/webauthn.js';

/** The CLI's `password_requirements` → GoTrue's required character sets. */
const REQUIRED_CHARACTERS: Record<string, string[]> = {
  '': [],
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
  ],
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~',
  ],
};

/** The built-in test OAuth provider's name; always enabled (see test-provider.ts). */
export const TEST_PROVIDER = 'test';

export interface AuthSettings {
  issuer: string;
  apiUrl: string;
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  rotation: boolean;
  reuseIntervalSeconds: number;
  signupEnabled: boolean;
  emailSignupEnabled: boolean;
  autoconfirm: boolean;
  anonymousEnabled: boolean;
  manualLinkingEnabled: boolean;
  doubleConfirmChanges: boolean;
  securePasswordChange: boolean;
  minimumPasswordLength: number;
  requiredCharacters: string[];
  maxFrequencyMs: number;
  otpLength: number;
  otpExpirySeconds: number;
  /** GoTrue's GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION default. */
  flowStateExpirySeconds: number;
  /** GoTrue's GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION default. */
  mfaChallengeExpirySeconds: number;
  mfaMaxEnrolledFactors: number;
  mfaMaxVerifiedFactors: number;
  totpEnrollEnabled: boolean;
  totpVerifyEnabled: boolean;
  /** [auth.mfa.phone]: SMS codes as a second factor. */
  phoneMfa: {
    enrollEnabled: boolean;
    verifyEnabled: boolean;
    otpLength: number;
    template: string;
    maxFrequencyMs: number;
  };
  /** [auth.mfa.web_authn] and the relying party ([auth.webauthn]). */
  webauthn: {
    enrollEnabled: boolean;
    verifyEnabled: boolean;
    rp: RelyingParty;
  };
  /** [auth.sms]: the phone provider (GOTRUE_EXTERNAL_PHONE_ENABLED = sms.enable_signup, as the CLI sets it). */
  phoneEnabled: boolean;
  smsAutoconfirm: boolean;
  smsTemplate: string;
  smsMaxFrequencyMs: number;
  /** GoTrue's GOTRUE_SMS_OTP_EXP default (the CLI does not expose it). */
  smsOtpExpirySeconds: number;
  smsOtpLength: number;
  /** Normalised phone number → fixed code. */
  smsTestOtp: Map<string, string>;
  /** [auth.passkey]: discoverable passkeys, checked against [auth.webauthn]'s relying party. */
  passkey: { enabled: boolean; maxPerUser: number; challengeExpiryMs: number };
  /** [auth.web3.*]: wallet sign-in per chain; messages stay usable GoTrue's 10 minutes from Issued At. */
  web3: { ethereum: boolean; solana: boolean; maximumValidityMs: number };
  /** OAuth providers the emulator serves through its test provider page. */
  oauthProviders: Set<string>;
  /** [auth.oauth_server] enabled: the project acts as an OAuth 2.1 server (its admin client API). */
  oauthServerEnabled: boolean;
  /** The rest of [auth.oauth_server]: dynamic client registration, and the consent page's path below site_url. */
  oauthServer: { allowDynamicRegistration: boolean; authorizationUrlPath: string };
  /** [auth.saml] enabled: SAML single sign-on (GoTrue's GOTRUE_SAML_ENABLED). */
  samlEnabled: boolean;
  rateLimits: {
    emailSentPerHour: number;
    smsSentPerHour: number;
    anonymousUsersPerHour: number;
    tokenRefreshPer5Min: number;
    signInSignUpsPer5Min: number;
    tokenVerificationsPer5Min: number;
    passkeyPer5Min: number;
  };
}

const GO_DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** A Go duration as the CLI and GoTrue write them ("1s", "24h", "1h30m") in milliseconds; null when malformed. */
export function parseDurationMs(value: string): number | null {
  const text = value.trim();
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) return null;
  return parts.reduce((total, part) => total + Number(part[1]) * GO_DURATION_UNITS[part[2]!]!, 0);
}

/**
 * Providers enabled in config.toml's `[auth.external.<name>]` tables. The shared config
 * loader keeps only the keys it knows, so this reads the file's own table; a locally
 * enabled provider (e.g. github) is then served by the test provider page.
 */
function enabledExternalProviders(config: Config): string[] {
  const file = path.join(config.supabaseDir, 'config.toml');
  if (!existsSync(file)) return [];
  try {
    const toml = parseToml(readFileSync(file, 'utf8')) as {
      auth?: { external?: Record<string, unknown> };
    };
    return Object.entries(toml.auth?.external ?? {})
      .filter(
        ([, value]) =>
          typeof value === 'object' &&
          value !== null &&
          (value as { enabled?: unknown }).enabled === true,
      )
      .map(([name]) => name);
  } catch {
    return [];
  }
}

/** The relying party: [auth.webauthn] when set, else site_url's host and the origins of site_url and the redirect URLs. */
export function relyingParty(config: Config): RelyingParty {
  const { site_url: siteUrl, additional_redirect_urls: redirects, webauthn } = config.auth;
  const origins = [siteUrl, ...redirects].flatMap((url) => {
    try {
      const { origin } = new URL(url);
      return origin === 'null' ? [] : [origin];
    } catch {
      return [];
    }
  });
  return {
    id: webauthn.rp_id ?? new URL(siteUrl).hostname,
    name: webauthn.rp_display_name,
    origins: webauthn.rp_origins ?? [...new Set(origins)],
  };
}

export function authSettings(config: Config, apiUrl: string): AuthSettings {
  const auth = config.auth;
  return {
    issuer: `${apiUrl}/auth/v1`,
    apiUrl,
    siteUrl: auth.site_url,
    additionalRedirectUrls: auth.additional_redirect_urls,
    jwtExpiry: auth.jwt_expiry,
    rotation: auth.enable_refresh_token_rotation,
    reuseIntervalSeconds: auth.refresh_token_reuse_interval,
    signupEnabled: auth.enable_signup,
    emailSignupEnabled: auth.email.enable_signup,
    autoconfirm: !auth.email.enable_confirmations,
    anonymousEnabled: auth.enable_anonymous_sign_ins,
    manualLinkingEnabled: auth.enable_manual_linking,
    doubleConfirmChanges: auth.email.double_confirm_changes,
    securePasswordChange: auth.email.secure_password_change,
    minimumPasswordLength: auth.minimum_password_length,
    requiredCharacters: REQUIRED_CHARACTERS[auth.password_requirements] ?? [],
    maxFrequencyMs: parseDurationMs(auth.email.max_frequency) ?? 1000,
    otpLength: auth.email.otp_length,
    otpExpirySeconds: auth.email.otp_expiry,
    flowStateExpirySeconds: 300,
    mfaChallengeExpirySeconds: 300,
    mfaMaxEnrolledFactors: auth.mfa.max_enrolled_factors,
    mfaMaxVerifiedFactors: 10,
    totpEnrollEnabled: auth.mfa.totp.enroll_enabled,
    totpVerifyEnabled: auth.mfa.totp.verify_enabled,
    phoneMfa: {
      enrollEnabled: auth.mfa.phone.enroll_enabled,
      verifyEnabled: auth.mfa.phone.verify_enabled,
      otpLength: auth.mfa.phone.otp_length,
      template: auth.mfa.phone.template,
      maxFrequencyMs: parseDurationMs(auth.mfa.phone.max_frequency) ?? 5000,
    },
    webauthn: {
      enrollEnabled: auth.mfa.web_authn.enroll_enabled,
      verifyEnabled: auth.mfa.web_authn.verify_enabled,
      rp: relyingParty(config),
    },
    passkey: {
      enabled: auth.passkey.enabled,
      maxPerUser: auth.passkey.max_passkeys_per_user,
      challengeExpiryMs: parseDurationMs(auth.passkey.challenge_expiry) ?? 300_000,
    },
    web3: {
      ethereum: auth.web3.ethereum.enabled,
      solana: auth.web3.solana.enabled,
      maximumValidityMs: 10 * 60_000,
    },
    phoneEnabled: auth.sms.enable_signup,
    smsAutoconfirm: !auth.sms.enable_confirmations,
    smsTemplate: auth.sms.template,
    smsMaxFrequencyMs: parseDurationMs(auth.sms.max_frequency) ?? 5000,
    smsOtpExpirySeconds: 60,
    smsOtpLength: 6,
    smsTestOtp: new Map(
      Object.entries(auth.sms.test_otp).map(([phone, code]) => [
        phone.replace(/[^0-9]/g, ''),
        code,
      ]),
    ),
    oauthProviders: new Set([TEST_PROVIDER, ...enabledExternalProviders(config)]),
    oauthServerEnabled: auth.oauth_server.enabled,
    oauthServer: {
      allowDynamicRegistration: auth.oauth_server.allow_dynamic_registration,
      authorizationUrlPath: auth.oauth_server.authorization_url_path,
    },
    samlEnabled: auth.saml.enabled,
    rateLimits: {
      emailSentPerHour: auth.rate_limit.email_sent,
      smsSentPerHour: auth.rate_limit.sms_sent,
      anonymousUsersPerHour: auth.rate_limit.anonymous_users,
      tokenRefreshPer5Min: auth.rate_limit.token_refresh,
      signInSignUpsPer5Min: auth.rate_limit.sign_in_sign_ups,
      tokenVerificationsPer5Min: auth.rate_limit.token_verifications,
      passkeyPer5Min: auth.rate_limit.passkey,
    },
  };
}
