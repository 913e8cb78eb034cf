// The auth service's one error catalogue: GoTrue's error codes with the HTTP status GoTrue answers
// them with (docs/compatibility.md#auth-errors; listed in docs/errors.md#auth-errors), and the two
// body shapes GoTrue chooses between by the request's `X-Supabase-Api-Version` header.

/** code → default HTTP status and message. Call sites may give a more precise message. */
/** GoTrue's words when [auth.email] is off and an email sign-in (password, OTP, magic link, recovery) is tried. */
export const EMAIL_LOGINS_DISABLED = 'Email logins are disabled';

export const AUTH_ERRORS = {
  validation_failed: [400, 'The request is not valid.'],
  bad_json: [400, 'Could not parse request body as JSON.'],
  request_too_large: [413, 'The request body is too large.'],
  not_found: [404, 'Not found.'],
  invalid_credentials: [400, 'Invalid login credentials'],
  email_not_confirmed: [400, 'Email not confirmed'],
  phone_not_confirmed: [400, 'Phone not confirmed'],
  user_already_exists: [422, 'User already registered'],
  email_exists: [422, 'A user with this email address has already been registered'],
  phone_exists: [422, 'A user with this phone number has already been registered'],
  weak_password: [422, 'Password is too weak.'],
  same_password: [422, 'New password should be different from the old password.'],
  reauthentication_needed: [400, 'Password update requires reauthentication'],
  reauthentication_not_valid: [422, 'Reauthentication nonce is invalid or has expired'],
  session_not_found: [403, 'Session from session_id claim in JWT does not exist'],
  session_expired: [400, 'Invalid Refresh Token: Session Expired'],
  refresh_token_not_found: [400, 'Invalid Refresh Token: Refresh Token Not Found'],
  refresh_token_already_used: [400, 'Invalid Refresh Token: Already Used'],
  bad_jwt: [403, 'invalid JWT: unable to parse or verify signature'],
  no_authorization: [401, 'This endpoint requires a valid Bearer token'],
  not_admin: [403, 'User not allowed'],
  user_banned: [400, 'User is banned'],
  user_not_found: [404, 'User not found'],
  otp_expired: [403, 'Token has expired or is invalid'],
  otp_disabled: [422, 'Signups not allowed for otp'],
  signup_disabled: [422, 'Signups not allowed for this instance'],
  email_provider_disabled: [422, 'Email signups are disabled'],
  phone_provider_disabled: [422, 'Phone signups are disabled'],
  provider_disabled: [400, 'Unsupported provider: provider is not enabled'],
  anonymous_provider_disabled: [422, 'Anonymous sign-ins are disabled'],
  manual_linking_disabled: [404, 'Manual linking is disabled'],
  feature_disabled: [404, 'Feature is disabled'],
  oauth_client_not_found: [404, 'OAuth client not found'],
  oauth_authorization_not_found: [404, 'authorization not found'],
  oauth_consent_not_found: [404, 'No active grant found for this client'],
  oauth_dynamic_client_registration_disabled: [403, 'Dynamic client registration is not enabled'],
  identity_not_found: [422, 'Identity does not exist'],
  identity_already_exists: [422, 'Identity is already linked'],
  single_identity_not_deletable: [422, 'User must have at least 1 identity after unlinking'],
  email_conflict_identity_not_deletable: [
    422,
    'Unable to unlink identity due to email conflict with another user',
  ],
  mfa_verification_failed: [422, 'Invalid TOTP code entered'],
  mfa_challenge_expired: [
    422,
    'MFA challenge has expired, verify against another challenge or create a new challenge.',
  ],
  mfa_factor_not_found: [404, 'MFA factor not found'],
  mfa_factor_name_conflict: [422, 'A factor with this friendly name already exists'],
  mfa_ip_address_mismatch: [422, 'Challenge and verify IP addresses mismatch'],
  mfa_totp_enroll_not_enabled: [422, 'MFA enrollment is disabled for "totp"'],
  mfa_totp_verify_not_enabled: [422, 'MFA verification is disabled for "totp"'],
  mfa_phone_enroll_not_enabled: [422, 'MFA enrollment is disabled for "phone"'],
  mfa_phone_verify_not_enabled: [422, 'MFA verification is disabled for "phone"'],
  mfa_verified_factor_exists: [
    422,
    'A verified phone factor already exists, unenroll the existing factor to continue',
  ],
  mfa_webauthn_enroll_not_enabled: [422, 'MFA enroll is disabled for WebAuthn'],
  mfa_webauthn_verify_not_enabled: [422, 'MFA verification is disabled for WebAuthn'],
  too_many_enrolled_mfa_factors: [
    403,
    'Maximum number of verified factors reached, unenroll to continue',
  ],
  insufficient_aal: [403, 'AAL2 session is required'],
  flow_state_not_found: [404, 'invalid flow state, no valid flow state found'],
  flow_state_expired: [422, 'invalid flow state, flow state has expired'],
  bad_code_verifier: [400, 'code challenge does not match previously saved code verifier'],
  bad_oauth_state: [400, 'OAuth state is invalid or has expired'],
  bad_oauth_callback: [400, 'OAuth callback is missing its code or state'],
  email_address_invalid: [400, 'Email address is invalid'],
  over_request_rate_limit: [429, 'Request rate limit reached'],
  over_email_send_rate_limit: [429, 'Email rate limit exceeded'],
  over_sms_send_rate_limit: [429, 'SMS rate limit exceeded'],
  sms_send_failed: [422, 'Error sending SMS OTP to provider'],
  web3_provider_disabled: [422, 'Web3 provider is disabled'],
  passkey_disabled: [404, 'Passkeys are disabled'],
  too_many_passkeys: [422, 'Maximum number of passkeys reached'],
  webauthn_challenge_not_found: [400, 'Challenge not found or already used'],
  webauthn_challenge_expired: [400, 'Challenge has expired'],
  webauthn_verification_failed: [400, 'Credential verification failed'],
  webauthn_credential_exists: [422, 'This credential is already registered'],
  web3_unsupported_chain: [400, 'Unsupported chain'],
  saml_provider_disabled: [404, 'SAML 2.0 is disabled'],
  sso_provider_not_found: [404, 'SSO Identity Provider not found'],
  sso_provider_disabled: [404, 'SSO Provider assigned for this domain is currently disabled'],
  sso_domain_already_exists: [400, 'SSO Domain is already assigned to an SSO identity provider'],
  saml_idp_already_exists: [422, 'SAML Identity Provider with this EntityID already exists'],
  saml_idp_not_found: [
    404,
    'A SAML connection has not been established with this Identity Provider',
  ],
  saml_entity_id_mismatch: [400, 'SAML Metadata can be updated only if the EntityID matches'],
  saml_metadata_fetch_failed: [400, 'Error fetching SAML Metadata'],
  saml_relay_state_not_found: [404, 'SAML RelayState does not exist, try logging in again?'],
  saml_relay_state_expired: [422, 'SAML RelayState has expired. Try logging in again?'],
  saml_assertion_no_user_id: [
    400,
    'SAML Assertion did not contain a persistent Subject Identifier attribute or Subject NameID uniquely identifying this user',
  ],
  saml_assertion_no_email: [400, 'SAML Assertion does not contain an email address'],
  flow_state_already_used: [400, 'State has already been used'],
  unexpected_failure: [
    500,
    'Unexpected failure, please check the emulator log for more information',
  ],
} as const satisfies Record<string, readonly [number, string]>;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

export class AuthError extends Error {
  readonly status: number;

  constructor(
    readonly code: AuthErrorCode,
    message?: string,
    options: { status?: number; extra?: Record<string, unknown> } = {},
  ) {
    super(message ?? AUTH_ERRORS[code][1]);
    this.name = 'AuthError';
    this.status = options.status ?? AUTH_ERRORS[code][0];
    this.extra = options.extra;
  }

  readonly extra: Record<string, unknown> | undefined;
}

/** GoTrue's OAuth2-style error (`{error, error_description}`, always 400), used by `/token` in a few places. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
    this.name = 'OAuthError';
  }
}

export function fail(code: AuthErrorCode, message?: string, status?: number): never {
  throw new AuthError(code, message, status === undefined ? {} : { status });
}

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/** The API version of the request when it names a valid one (`2YYY-MM-DD`), else null. */
export function requestApiVersion(header: string | undefined | null): string | null {
  if (!header || !/^2[0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/.test(header.trim()))
    return null;
  return header.trim();
}

/**
 * The body GoTrue sends for an error: `{code, message}` from API version 2024-01-01 on,
 * the legacy `{code: <status>, error_code, msg}` otherwise; `weak_password` adds its reasons.
 */
export function errorBody(
  error: AuthError | OAuthError,
  apiVersion: string | null,
): { status: number; body: object } {
  if (error instanceof OAuthError) {
    return { status: 400, body: { error: error.error, error_description: error.description } };
  }
  const modern = apiVersion !== null && apiVersion >= API_VERSION_2024;
  const body = modern
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return { status: error.status, body };
}
