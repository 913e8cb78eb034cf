// The shell's main entry. The page's first script (early-start.ts, an entry of its own) has
// already asked for config.json and the registry; the bootstrap takes those answers. The shell is
// an ordinary application, not a federated container, and the federation runtime loads with the
// first remote.
//
// The script's modules run in four tasks, not one: supabase-js, React DOM and the design system
// each in a task of its own, then the rest with the bootstrap (which yields between its own steps
// too). Each `import()` is eager, so it is part of this script (no request); run all at once, the
// modules held the main thread for 180–280 ms at a phone's CPU (issue #40: TBT).
import { yieldToMain } from './yield-to-main.js';

async function start(): Promise<void> {
  await yieldToMain();
  await import(/* webpackMode: "eager" */ '@supabase/supabase-js');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToMain();
  const { ensureStylesheet } = await import(/* webpackMode: "eager" */ '@portal/ui/core');
  await yieldToMain();
  // The design system's core stylesheet, parsed here rather than inside the chrome's first render.
  ensureStylesheet();
  await yieldToMain();
  await import(/* webpackMode: "eager" */ './bootstrap.js');
}

void start();
