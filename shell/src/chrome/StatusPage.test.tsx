/** @jest-environment jsdom */
// The status page's first render at a phone's CPU (issue #40): it makes no date formatter of its
// own (the page's first one loads the locale's data: made when the page's chunk runs, a task of its
// own) and orders the shared libraries without `localeCompare` (whose first call loads the
// collation data), in code-unit order. The platform and the runtime's share scope stand in here.
import '@testing-library/jest-dom';
import { act, render, screen, within } from '@testing-library/react';

jest.mock('@portal/platform', () => {
  const actual = jest.requireActual('@portal/platform');
  return {
    CONTRACT_VERSION: actual.CONTRACT_VERSION,
    createExternalStore: actual.createExternalStore,
    useRemotes: () => [],
    useSession: () => null,
    useSupabase: () => ({}),
  };
});
jest.mock('../federation/federation.js', () => ({
  loadedShareScopes: () => ({
    default: {
      zod: { '4.1.0': { from: 'shell', useIn: ['data'], loaded: true } },
      'Scoped-by-capital': { '1.0.0': { from: 'shell', useIn: [], loaded: false } },
      react: { '19.2.0': { from: 'shell', useIn: ['data', 'data'], loaded: true } },
      '@supabase/supabase-js': { '2.80.0': { from: 'shell', useIn: ['data'], loaded: true } },
      '0-digits-first': { '1.0.0': { from: 'shell', useIn: [], loaded: false } },
    },
  }),
}));

import { registryState } from '../registry/registry-state.js';
import type { RuntimeConfig } from '../start-up/runtime-config.js';
import { StatusPage } from './StatusPage.js';

const config = {
  environment: 'local',
  registryUrl: 'http://127.0.0.1:9/registry.json',
  supabaseUrl: 'http://127.0.0.1:9',
  devOverrides: false,
} as unknown as RuntimeConfig;

const UPDATED = '2026-11-29T15:40:12.000Z';

afterEach(() => jest.restoreAllMocks());

it('makes no date formatter and calls no localeCompare in its render, and writes the time as the locale does', () => {
  act(() => registryState.set({ status: 'ready', environment: 'local', updatedAt: UPDATED }));
  const formatters = jest.spyOn(Intl, 'DateTimeFormat');
  const toLocaleString = jest.spyOn(Date.prototype, 'toLocaleString');
  const localeCompare = jest.spyOn(String.prototype, 'localeCompare');
  render(<StatusPage config={config} />);
  expect(formatters).not.toHaveBeenCalled();
  expect(toLocaleString).not.toHaveBeenCalled();
  expect(localeCompare).not.toHaveBeenCalled();
  jest.restoreAllMocks();
  expect(screen.getByText(`updated ${new Date(UPDATED).toLocaleString()}`, { exact: false })).toBeInTheDocument();
});

it('lists the shared libraries in code-unit order', async () => {
  render(<StatusPage config={config} />);
  const table = await screen.findByRole('table', { name: /Shared libraries/ });
  const names = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
  expect(names).toEqual(['0-digits-first', '@supabase/supabase-js', 'Scoped-by-capital', 'react', 'zod']);
});
