import { useEffect, useState } from 'react';
import { ErrorState, Spinner } from '@portal/ui';
import { call, sessionState } from './api.js';
import { Requests } from './Requests.js';
import { SignIn } from './SignIn.js';

export function App() {
  const [state, setState] = useState<'checking' | 'signed-out' | 'signed-in' | Error>('checking');
  useEffect(() => {
    call('/api/session', sessionState).then(
      (session) => setState(session.signedIn ? 'signed-in' : 'signed-out'),
      (error: Error) => setState(error),
    );
  }, []);
  if (state === 'checking') return <Spinner label="Loading the console" />;
  if (state instanceof Error) return <ErrorState title="The console server did not answer" message={state} />;
  if (state === 'signed-out') return <SignIn onSignedIn={() => setState('signed-in')} />;
  return <Requests onSignedOut={() => setState('signed-out')} />;
}
