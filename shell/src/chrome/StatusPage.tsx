import { CONTRACT_VERSION, useRemotes, type RemoteState, type RemoteStatus } from '@portal/platform';
import { Badge, Card, Code, Stack, Table, type BadgeTone, type TableColumn } from '@portal/ui';
import { useSyncExternalStore, type ReactNode } from 'react';
import { registryState } from '../registry/registry-state.js';
import { AuditTrail } from './AuditTrail.js';
import { PHONE_WIDTH } from './chrome.css.js';
import type { RuntimeConfig } from '../start-up/runtime-config.js';
import { DevOverridesPanel } from './DevOverridesPanel.js';
import { sharedModuleCopies, type SharedModuleCopy } from './shared-modules.js';
import { formatDateTime } from './time-format.js';
import { useAfterNextPaint } from './use-first-paint.js';

const STATE_TONES: Record<RemoteState, BadgeTone> = {
  registered: 'neutral',
  preloading: 'info',
  preloaded: 'info',
  loading: 'info',
  mounted: 'success',
  unmounted: 'neutral',
  blocked: 'warning',
  failed: 'danger',
};

const remoteColumns: TableColumn<RemoteStatus>[] = [
  { key: 'title', header: 'Remote', cell: (r) => <strong>{r.title}</strong> },
  {
    key: 'version',
    header: 'Version',
    width: '10rem',
    cell: (r) => (
      <>
        <Code>{r.version}</Code> {r.canary ? <Badge tone="accent">canary</Badge> : null}
      </>
    ),
  },
  {
    key: 'state',
    header: 'State',
    cell: (r) => (
      <Badge tone={STATE_TONES[r.state]} dot data-testid={`state-${r.name}`}>
        {r.state}
      </Badge>
    ),
  },
  { key: 'loadMs', header: 'Load time', align: 'end', cell: (r) => (r.loadMs === null ? '—' : `${r.loadMs} ms`) },
  { key: 'route', header: 'Route', width: '8rem', cell: (r) => <Code>{r.route}</Code> },
  { key: 'contract', header: 'Contract', cell: (r) => <Code>{r.contract}</Code> },
  { key: 'manifestUrl', header: 'Manifest', cell: (r) => <Code>{r.manifestUrl}</Code> },
  { key: 'error', header: 'Last error', cell: (r) => (r.error ? `${r.error.code} (${r.error.step}): ${r.error.message}` : '—') },
];

const sharedColumns: TableColumn<SharedModuleCopy>[] = [
  { key: 'name', header: 'Package', cell: (s) => <Code>{s.name}</Code> },
  { key: 'version', header: 'Version' },
  { key: 'providedBy', header: 'Provided by' },
  { key: 'usedBy', header: 'Used by', cell: (s) => s.usedBy.join(', ') || '—' },
  { key: 'loaded', header: 'Loaded', cell: (s) => (s.loaded ? 'yes' : 'not yet') },
];

export function StatusPage({ config }: { config: RuntimeConfig }): ReactNode {
  const remotes = useRemotes();
  // The sections below the remotes (the changes, the shared libraries, the dev overrides) are drawn
  // a frame after the portal's facts and the remotes, so the browser lays the page out in two steps
  // of about half its objects each (at a phone's CPU, two tasks of about 100 ms where there was one
  // of 180; issue #40). They are added under what is drawn, below a phone's first screen, so
  // nothing on screen moves.
  const below = useAfterNextPaint();
  const registry = useSyncExternalStore(registryState.subscribe, registryState.get);
  // Re-read on every render: the share scope changes as remotes load (remote statuses change too).
  const inScope = sharedModuleCopies();
  const shared = inScope ?? [];
  const copies = new Map<string, number>();
  for (const copy of shared) copies.set(copy.name, (copies.get(copy.name) ?? 0) + 1);
  const duplicated = [...copies].filter(([, count]) => count > 1).map(([name]) => name);
  return (
    <Stack gap={6}>
      <Card title="Portal">
        <dl className="portal-facts">
          <dt>Platform contract</dt>
          <dd>
            <Code>{CONTRACT_VERSION}</Code>
          </dd>
          <dt>Environment</dt>
          <dd>{registry.status === 'ready' ? registry.environment : config.environment}</dd>
          <dt>Registry</dt>
          <dd>
            <Code>{config.registryUrl}</Code> {registry.status === 'ready' ? `updated ${formatDateTime(registry.updatedAt)}` : registry.status}
          </dd>
          <dt>Supabase API</dt>
          <dd>
            <Code>{config.supabaseUrl}</Code>
          </dd>
        </dl>
      </Card>
      {/* On a phone each table is a list of cards: eight columns do not fit its width. */}
      <Table caption="Remotes" columns={remoteColumns} rows={remotes} rowKey={(r) => r.name} wrapCells stackBelow={PHONE_WIDTH} />
      {below && registry.status === 'ready' ? <AuditTrail environment={registry.environment} updatedAt={registry.updatedAt} /> : null}
      {below ? (
        <Table
          caption={duplicated.length ? `Shared libraries — more than one copy of ${duplicated.join(', ')}!` : 'Shared libraries — one copy of each'}
          columns={sharedColumns}
          rows={shared}
          empty={inScope ? undefined : 'No remote has run on this page yet: the shell provides its shared libraries when the first one loads.'}
          rowKey={(s) => `${s.name}@${s.version}:${s.providedBy}`}
          density="compact"
          stackBelow={PHONE_WIDTH}
        />
      ) : null}
      {below && config.devOverrides ? <DevOverridesPanel /> : null}
    </Stack>
  );
}

