// The shell's main entry. The page's first script (early-start.ts, an entry of its own) has
// already asked for config.json and the registry; the bootstrap takes those answers. The shell is
// an ordinary application, not a federated container, and the federation runtime loads with the
// first remote.
//
// The script's modules run in several tasks, not one: the session's (supabase-js and the client
// made from it), React DOM, the chrome's (the design system's components) and the design system's
// stylesheet each after a yield to the browser, then the bootstrap (which yields between its own
// steps too). Each `import()` is eager, so it is part of this script (no request), and names a
// module of the shell's whose exports the bootstrap uses, so nothing is kept that was left out
// before. Run all at once, the modules held the main thread for 180–280 ms at a phone's CPU
// (issue #40: TBT).
import { ensureStylesheet } from '@portal/ui';
import { yieldToMain } from './yield-to-main.js';

async function start(): Promise<void> {
  await yieldToMain();
  await import(/* webpackMode: "eager" */ '../session/supabase-client.js');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ '../chrome/PortalApp.js');
  await yieldToMain();
  // The design system's core stylesheet, parsed here rather than inside the chrome's first render.
  ensureStylesheet();
  await yieldToMain();
  await import(/* webpackMode: "eager" */ './bootstrap.js');
}

void start();
