import { startEarlyRequests } from './early-fetch.js';

// config.json and the registry are asked for now, while the code below is still loading.
startEarlyRequests();

// The async boundary Module Federation 2 needs: shared modules (React, supabase-js, the platform)
// are negotiated before bootstrap runs (docs/known-traps.md#async-boundary-before-shared-modules).
import('./bootstrap.js').catch((error: unknown) => {
  const root = document.getElementById('portal-root') ?? document.body;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = `The portal could not start: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`;
  root.replaceChildren(message);
  throw error;
});
