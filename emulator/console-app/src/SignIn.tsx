import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Field, Form, FormActions, PageHeader, PasswordInput } from '@portal/ui';
import { call, sessionState } from './api.js';

/** The console shows every request: it opens only to someone holding the service key. */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [key, setKey] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefused(null);
    if (key.trim() === '') {
      setFieldError('Paste the service_role key or the secret key.');
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await call('/api/session', sessionState, { method: 'POST', body: { key: key.trim() } });
      onSignedIn();
    } catch (error) {
      setRefused((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="console-signin">
      <PageHeader title="Emulator console" description="Every request the emulator answers, and what row level security decided." />
      <Card>
        <Form onSubmit={submit} aria-label="Sign in to the console">
          <Field
            label="Service key"
            hint="The service_role key or the secret key (sb_secret_…) that portal-emulator start and status print."
            error={fieldError}
            required
          >
            <PasswordInput value={key} onChange={(event) => setKey(event.target.value)} autoComplete="off" />
          </Field>
          {refused && <Alert tone="error" title="Not signed in">{refused}</Alert>}
          <FormActions>
            <Button type="submit" variant="primary" loading={busy}>
              Open the console
            </Button>
          </FormActions>
        </Form>
      </Card>
    </main>
  );
}
