/**
 * The deploy CLI's error catalogue (docs/errors.md#deploy-errors): stable codes, messages that
 * say what to do next.
 */
export const DeployErrorCode = {
  NotBuilt: 'DEPLOY-001',
  UnknownRemote: 'DEPLOY-002',
  UnknownVersion: 'DEPLOY-003',
  InvalidMetadata: 'DEPLOY-004',
  ImmutableConflict: 'DEPLOY-005',
  InvalidRegistry: 'DEPLOY-006',
  InvalidOption: 'DEPLOY-007',
  InvalidName: 'DEPLOY-008',
  TargetFailed: 'DEPLOY-009',
  RegistryContended: 'DEPLOY-010',
  BundledSingleton: 'DEPLOY-011',
  ContractExcluded: 'DEPLOY-012',
  MissingExpose: 'DEPLOY-013',
  ContractBelowShared: 'DEPLOY-014',
  NotAllowed: 'DEPLOY-015',
  NeedsPlatformOwner: 'DEPLOY-016',
  NotSignedIn: 'DEPLOY-017',
  CredentialRevoked: 'DEPLOY-018',
  BackendFailed: 'DEPLOY-019',
  ShellMismatch: 'DEPLOY-020',
} as const;
export type DeployErrorCode = (typeof DeployErrorCode)[keyof typeof DeployErrorCode];

export class DeployError extends Error {
  readonly isDeployError = true;
  constructor(
    readonly code: DeployErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DeployError';
  }
}

export function isDeployError(value: unknown): value is DeployError {
  return typeof value === 'object' && value !== null && (value as { isDeployError?: unknown }).isDeployError === true;
}
