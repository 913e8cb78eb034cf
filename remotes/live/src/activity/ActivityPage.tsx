import { Alert, Badge, Button, Card, EmptyState, TextLink } from '@portal/ui';
import type { ReactNode } from 'react';
import { FEED_LIMIT, type ActivityItem } from './activity-feed.js';
import type { ActivityState } from './use-activity.js';
import { timeToTheSecond } from '../time-formats.js';

const TABLE_NAME = { tasks: 'Task', projects: 'Project' } as const;

/** The feed; labels are people's text, rendered as text. */
export function ActivityPage({ activity }: { activity: ActivityState }): ReactNode {
  return (
    <div data-testid="activity-feed" data-status={activity.status}>
      <Card title="Activity" description="Changes to your projects and tasks, as they happen." flush>
        {activity.status === 'reconnecting' ? (
          <Alert tone="warning" title="Reconnecting">
            Changes made meanwhile are read when the connection is back.
          </Alert>
        ) : null}
        {activity.status === 'catching-up' ? (
          <Alert tone="info" title="Catching up">
            Reading what changed while you were away.
          </Alert>
        ) : null}
        {activity.status === 'behind' ? (
          <Alert
            tone="error"
            title="Could not catch up"
            actions={
              <Button size="sm" variant="secondary" onClick={activity.retry}>
                Try again
              </Button>
            }
          >
            What changed while you were away could not be read ({(activity.error ?? '').replace(/\.$/, '')}), so it is missing below. New changes still show as
            they happen; try again, or it is read at the next reconnect.
          </Alert>
        ) : null}
        {activity.unlisted > 0 ? (
          // The feed keeps its newest items: a longer absence is said, never passed off as complete.
          <Alert tone="info" title="Not everything is listed" data-testid="activity-unlisted">
            {activity.unlisted === 1 ? '1 more change' : `${activity.unlisted} more changes`} made while you were away{' '}
            {activity.unlisted === 1 ? 'is' : 'are'} not listed below: the feed keeps the newest {FEED_LIMIT}. Every row is in{' '}
            <TextLink href="/data/tasks">Tasks</TextLink> and <TextLink href="/data/projects">Projects</TextLink>.
          </Alert>
        ) : null}
        {activity.items.length === 0 ? (
          // "Nothing yet" only when the feed is complete: not while what changed meanwhile is unread.
          activity.status === 'joining' || activity.status === 'live' ? (
            <EmptyState compact title="Nothing yet" description="Edit a task or a project (or wait for someone who shares it) and it shows here." />
          ) : null
        ) : (
          <ol className="live-activity" aria-label="Activity" data-status={activity.status}>
            {activity.items.map((item) => (
              <Activity key={item.key} item={item} />
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}

function Activity({ item }: { item: ActivityItem }): ReactNode {
  return (
    <li className="live-activity__item" data-testid="activity" data-table={item.table} data-row={item.rowId}>
      <time dateTime={item.at}>{timeToTheSecond(new Date(item.at))}</time>
      <span>
        {TABLE_NAME[item.table]} {item.kind}:{' '}
        {item.kind === 'removed' ? <span>#{item.rowId}</span> : <TextLink href={item.link}>{item.label || `#${item.rowId}`}</TextLink>}
      </span>
      {item.caughtUp ? <Badge tone="info">while you were away</Badge> : null}
    </li>
  );
}
