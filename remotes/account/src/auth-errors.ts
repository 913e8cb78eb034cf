import { isAuthError } from '@supabase/supabase-js';
import { describeError } from '@portal/platform';

export type AuthField = 'email' | 'password' | 'form';

/**
 * Places the server's message next to the field it is about (auth error codes, see the wire
 * contract's auth section). The message itself is the server's, shown as it comes.
 */
export function placeAuthError(error: unknown): { field: AuthField; message: string } {
  const message = describeError(error);
  if (!isAuthError(error)) return { field: 'form', message: `The request failed: ${message}` };
  switch (error.code) {
    case 'weak_password':
      return { field: 'password', message };
    case 'email_exists':
    case 'user_already_exists':
    case 'email_address_invalid':
    case 'email_address_not_authorized':
      return { field: 'email', message };
    default:
      return { field: 'form', message };
  }
}
