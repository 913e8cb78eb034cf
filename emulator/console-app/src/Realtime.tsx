import { Badge, Card, CodeBlock, PageHeader, Spinner, Stack, Table, type BadgeTone, type TableColumn } from '@portal/ui';
import { changeVerdict, channelView, type Binding, type ChangeVerdict, type ChannelView } from './api.js';
import { usePolled } from './polling.js';

const channelList = channelView.array();
const verdictList = changeVerdict.array();

function bindingText(binding: Binding): string {
  const filter = binding.filter ? ` filter ${binding.filter}` : '';
  const select = binding.select ? ` select ${binding.select.join(',')}` : '';
  return `${binding.event} on ${binding.schema}.${binding.table}${filter}${select}`;
}

function who(subscriber: { role: string; email: string | null; user: string | null }): string {
  return subscriber.email ? `${subscriber.role} · ${subscriber.email}` : subscriber.user ? `${subscriber.role} · ${subscriber.user}` : subscriber.role;
}

type Subscriber = ChannelView['subscribers'][number];

function Channel({ channel }: { channel: ChannelView }) {
  const columns: TableColumn<Subscriber>[] = [
    { key: 'who', header: 'Role / user', cell: (s) => who(s) },
    { key: 'presence', header: 'Presence key', cell: (s) => s.presenceKey },
    {
      key: 'changes',
      header: 'postgres_changes',
      cell: (s) => (s.postgresChanges.length === 0 ? '—' : s.postgresChanges.map(bindingText).join('; ')),
    },
  ];
  const present = Object.keys(channel.presence);
  return (
    <Card role="region" aria-label={`Channel ${channel.topic}`} data-channel={channel.topic}>
      <Stack gap={2}>
        <h3>
          {channel.topic} <Badge tone={channel.private ? 'accent' : 'neutral'}>{channel.private ? 'private' : 'public'}</Badge>
        </h3>
        <Table
          caption={`Subscribers of ${channel.topic}`}
          hideCaption
          columns={columns}
          rows={channel.subscribers}
          rowKey={(s) => s.id}
          rowProps={(s) => ({ 'data-subscriber': s.email ?? s.role }) as never}
          density="compact"
          empty="No subscriber (only presences remain)."
        />
        {present.length === 0 ? (
          <p className="console-note">Nobody tracks presence here.</p>
        ) : (
          <CodeBlock label={`Presence in ${channel.topic}`} language={`Presence (${present.length} ${present.length === 1 ? 'key' : 'keys'})`} code={JSON.stringify(channel.presence, null, 2)} wrap maxHeight="16rem" />
        )}
      </Stack>
    </Card>
  );
}

const OUTCOME_TONES: Record<string, BadgeTone> = {
  delivered: 'success',
  'hidden-by-rls': 'danger',
  'filtered-out': 'warning',
  'filter-column-hidden': 'warning',
  'check-failed': 'danger',
};
const OUTCOME_LABELS: Record<string, string> = {
  delivered: 'delivered',
  'hidden-by-rls': 'filtered by RLS',
  'filtered-out': 'filtered by filter',
  'filter-column-hidden': 'filtered: hidden column',
  'check-failed': 'check failed',
};

type SubscriberVerdict = ChangeVerdict['subscribers'][number];

function Change({ change }: { change: ChangeVerdict }) {
  const delivered = change.subscribers.filter((s) => s.outcome === 'delivered').length;
  const key = Object.entries(change.key)
    .map(([name, value]) => `${name} = ${JSON.stringify(value)}`)
    .join(', ');
  const columns: TableColumn<SubscriberVerdict>[] = [
    { key: 'channel', header: 'Channel', cell: (s) => s.channel ?? '(closed)' },
    { key: 'who', header: 'Role / user', cell: (s) => who(s) },
    { key: 'binding', header: 'Binding', cell: (s) => bindingText(s.binding) },
    { key: 'outcome', header: 'Verdict', cell: (s) => <Badge tone={OUTCOME_TONES[s.outcome] ?? 'neutral'}>{OUTCOME_LABELS[s.outcome] ?? s.outcome}</Badge> },
    { key: 'reason', header: 'Why', cell: (s) => s.reason },
  ];
  return (
    <Card role="region" aria-label={`Change ${change.id}: ${change.type} on ${change.schema}.${change.table}`} data-change={change.id}>
      <Stack gap={2}>
        <h3>
          {change.type} on {change.schema}.{change.table}
          {key ? ` (${key})` : ''}
        </h3>
        <p className="console-note">
          {new Date(change.time).toLocaleTimeString()}: delivered to {delivered} of {change.subscribers.length}{' '}
          {change.subscribers.length === 1 ? 'subscription' : 'subscriptions'}.
        </p>
        <Table
          caption={`Verdict of change ${change.id}`}
          hideCaption
          columns={columns}
          rows={change.subscribers}
          rowKey={(s) => `${s.subscriber}-${s.binding.id}`}
          rowProps={(s) => ({ 'data-subscriber': s.email ?? s.role, 'data-outcome': s.outcome }) as never}
          density="compact"
        />
      </Stack>
    </Card>
  );
}

export function Realtime() {
  const channels = usePolled('/api/realtime/channels', channelList);
  const changes = usePolled('/api/realtime/changes', verdictList);
  return (
    <div className="console-page">
      <PageHeader
        title="Realtime"
        description="Open channels with their subscribers and presences, and for each database change which subscriptions it went to and which were filtered out — followed live."
      />
      <Stack>
        <section aria-label="Channels">
          <h2>Channels</h2>
          {channels.error && <p role="alert">{channels.error}</p>}
          {channels.value === null ? (
            <Spinner label="Reading the channels" />
          ) : channels.value.length === 0 ? (
            <p className="console-note">No channel is open.</p>
          ) : (
            <Stack gap={2}>
              {channels.value.map((channel) => (
                <Channel key={`${channel.private ? 'private' : 'public'}:${channel.topic}`} channel={channel} />
              ))}
            </Stack>
          )}
        </section>
        <section aria-label="Changes">
          <h2>Changes and who received them</h2>
          {changes.error && <p role="alert">{changes.error}</p>}
          {changes.value === null ? (
            <Spinner label="Reading the changes" />
          ) : changes.value.length === 0 ? (
            <p className="console-note">No change has reached a postgres_changes subscriber yet.</p>
          ) : (
            <Stack gap={2}>
              {changes.value.map((change) => (
                <Change key={change.id} change={change} />
              ))}
            </Stack>
          )}
        </section>
      </Stack>
    </div>
  );
}
