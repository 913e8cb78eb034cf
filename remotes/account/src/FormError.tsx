import { Alert } from '@portal/ui';
import type { ReactNode } from 'react';

/** The form-level error, announced to screen readers. */
export function FormError({ title, message }: { title: string; message: string | undefined }): ReactNode {
  if (!message) return null;
  return (
    <Alert tone="error" title={title} role="alert">
      {message}
    </Alert>
  );
}
