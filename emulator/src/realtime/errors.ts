// The realtime service's error catalogue (docs/errors.md#realtime-errors). Join errors travel as
// `phx_reply` with `{status: "error", response: {reason: "<Code>: <message>"}}`, the shape Supabase
// Realtime uses (its `log_error(socket, code, msg)`); the client turns the reason into the
// CHANNEL_ERROR error message. Live channels are shut down with a `system` message instead
// (docs/compatibility.md#realtime-messages). REST errors are `{message}` JSON with the status
// Realtime answers (`RealtimeApiError`).
import { describeIssues, type JsonBodyErrors } from '../http/json-body.js';

export const REALTIME_ERROR_CODES = [
  'TopicNameRequired',
  'InvalidJoinPayload',
  'InvalidJWTToken',
  'MalformedJWT',
  'JwtSignatureError',
  'JwtSignerError',
  'Unauthorized',
  'ChannelRateLimitReached',
  'UnableToReplayMessages',
  'RealtimeDisabledForTenant',
  'UnknownErrorOnChannel',
] as const;

export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number];

export class RealtimeError extends Error {
  readonly isRealtimeError = true;
  constructor(
    readonly code: RealtimeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RealtimeError';
  }

  /** The `reason` of a refused join, as Supabase words it. */
  get reason(): string {
    return `${this.code}: ${this.message}`;
  }
}

/**
 * Brand guard that survives duplicate module copies (docs/errors.md: brand guards, not instanceof).
 */
export function isRealtimeError(error: unknown): error is RealtimeError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isRealtimeError?: unknown }).isRealtimeError === true
  );
}

/** A refusal of the REST API (`/api/broadcast`): `{message}` (and the field errors) with its status. */
export class RealtimeApiError extends Error {
  readonly isRealtimeApiError = true;
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: readonly string[],
  ) {
    super(message);
    this.name = 'RealtimeApiError';
  }

  body(): { message: string; errors?: readonly string[] } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export function isRealtimeApiError(error: unknown): error is RealtimeApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isRealtimeApiError?: unknown }).isRealtimeApiError === true
  );
}

/** JSON bodies of the REST API (`readJsonBody`): 400 when not JSON, 422 naming each bad field. */
export const realtimeBodyErrors: JsonBodyErrors = {
  malformed: () => new RealtimeApiError(400, 'The request body is not valid JSON'),
  invalid: (issues) =>
    new RealtimeApiError(
      422,
      describeIssues(issues, { root: 'body' }),
      issues.map((issue) => describeIssues([issue], { root: 'body' })),
    ),
};

export const MESSAGES = {
  topicRequired: 'You must provide a topic name',
  missingClaims: 'Fields `role` and `exp` are required in JWT',
  malformedToken: 'The token provided is not a valid JWT',
  badSignature: 'Failed to validate JWT signature',
  signer: 'Failed to generate JWT signer, check your JWT secret or JWKS configuration',
  tooManyChannels: 'Too many channels',
  unmatchedTopic: 'unmatched topic',
  replayOnPublic: 'Replay is not allowed for public channels',
  presencePayload: 'Presence track payload must be a map',
  payloadTooLarge: 'Payload size exceeds tenant limit',
  cannotRead: (topic: string) =>
    `You do not have permissions to read from this Channel topic: ${topic}`,
  cannotWrite: (topic: string) =>
    `You do not have permissions to write to this Channel topic: ${topic}`,
  readRevoked: (topic: string) =>
    `You no longer have permission to read from this Channel topic: ${topic}`,
  expired: (secondsAgo: number) => `Token has expired ${secondsAgo} seconds ago`,
  subscribed: 'Subscribed to PostgreSQL',
  replicationReady: 'Replication connection established',
  disabled: 'Realtime is disabled in supabase/config.toml ([realtime] enabled = false)',
};

/** Websocket close codes the service uses (RFC 6455 §7.4.1). */
export const CLOSE_CODES = {
  goingAway: 1001,
  invalidPayload: 1007,
  policyViolation: 1008,
  idle: 1000,
} as const;
