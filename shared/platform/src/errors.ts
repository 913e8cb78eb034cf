/**
 * One catalogue of the platform's error codes (docs/errors.md#platform-errors). Each error names
 * the remote and the step that failed, so the shell's error card and the status page can tell a
 * person what went wrong.
 */
export const PortalErrorCode = {
  /** `getPortal()` was called before the shell installed the portal (or a remote bundled its own copy). */
  NotInstalled: 'PORTAL-001',
  /** registry.json could not be fetched. */
  RegistryUnavailable: 'PORTAL-002',
  /** registry.json does not match the registry schema. */
  RegistryInvalid: 'PORTAL-003',
  /** A remote's manifest or code could not be loaded. */
  RemoteLoadFailed: 'PORTAL-004',
  /** A remote's manifest does not match the integrity hash in the registry. */
  ManifestIntegrity: 'PORTAL-005',
  /** The remote needs a contract range the shell's platform version does not satisfy. */
  ContractMismatch: 'PORTAL-006',
  /** A remote's lifecycle (bootstrap, mount, unmount) or its render threw. */
  RemoteCrashed: 'PORTAL-007',
  /** A remote's manifest, entry or chunks would come from an origin outside the environment's allow-list. */
  OriginNotAllowed: 'PORTAL-008',
  /** A dev override was asked for where the environment allows none, or names no dev server it lists (or the API), or no remote of the registry. */
  OverrideRefused: 'PORTAL-009',
} as const;
export type PortalErrorCode = (typeof PortalErrorCode)[keyof typeof PortalErrorCode];

const BRAND = '__isPortalError';

export class PortalError extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly code: PortalErrorCode,
    message: string,
    readonly details: { remote?: string; step?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'PortalError';
  }
}

/**
 * Brand guard rather than `instanceof`: under Module Federation two copies of a class can meet,
 * and `instanceof` then lies (the supabase-js `isAuthError` pattern).
 */
export function isPortalError(value: unknown): value is PortalError {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[BRAND] === true;
}

/** A message a person can read, whatever was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
