// A form's error, announced to screen readers. One that says the server did not answer says, once
// the server answers again, that the person can try again now: it does not stay as if still true.
import { useReconnects } from '@portal/platform';
import { Alert } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import { saysSentUnanswered } from './auth-errors.js';

export function FormError({ title, message }: { title: string; message: string | undefined }): ReactNode {
  const reconnects = useReconnects();
  // The count of the server's returns when this message appeared: a later return is news to it.
  const [said, setSaid] = useState({ message, reconnects });
  if (said.message !== message) setSaid({ message, reconnects });
  if (!message) return null;
  if (saysSentUnanswered(message) && reconnects > said.reconnects) {
    return (
      <Alert tone="info" title="The server answers again" role="status">
        It did not answer before: try again now.
      </Alert>
    );
  }
  return (
    <Alert tone="error" title={title} role="alert">
      {message}
    </Alert>
  );
}
