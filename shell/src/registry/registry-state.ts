import { createExternalStore } from '@portal/platform';

export type RegistryState =
  | { status: 'loading' }
  | { status: 'ready'; environment: string; updatedAt: string }
  | { status: 'failed'; message: string };

/** Whether the shell has the registry yet; the chrome shows a page-level error when it failed. */
export const registryState = createExternalStore<RegistryState>({ status: 'loading' });
