import { Alert, Avatar, Badge, Button, CheckIcon, EmptyState, Form, FormActions, ProgressBar, Textarea } from '@portal/ui';
import { useState, type ReactNode } from 'react';
import type { Profile } from '../profiles.js';
import type { LogEntry } from './message-log.js';
import { useRoom } from './use-room.js';

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const DELIVERY_LABEL = { sending: 'Sending…', stored: 'Saved', delivered: 'Delivered', failed: 'Not sent' } as const;

interface ChatRoomProps {
  projectId: number;
  projectName: string;
  me: string;
  profiles: ReadonlyMap<string, Profile>;
}

/** One project's room. Bodies are React text (never HTML), whatever people type. */
export function ChatRoom({ projectId, projectName, me, profiles }: ChatRoomProps): ReactNode {
  const room = useRoom(projectId);
  const [draft, setDraft] = useState('');
  const nameOf = (id: string) => profiles.get(id)?.name ?? 'Someone';
  const typists = [...room.typing.keys()].filter((id) => id !== me).map(nameOf);

  if (room.status === 'refused') {
    return (
      <div data-testid="room-refused">
        <Alert tone="error" title={`You are not in “${projectName}”`}>
          Only the project’s owner and members may join its room. {room.error}
        </Alert>
      </div>
    );
  }

  const submit = () => {
    const body = draft.trim();
    if (!body) return;
    setDraft('');
    void room.send(body);
  };

  return (
    <section className="live-room" aria-label={`Room ${projectName}`} data-testid="room" data-room={projectId} data-status={room.status}>
      {room.status === 'joining' ? <ProgressBar label="Joining the room" hideLabel /> : null}
      {room.status === 'reconnecting' ? (
        <Alert tone="warning" title="Reconnecting">
          Messages sent meanwhile are kept and appear once the room is back.
        </Alert>
      ) : null}
      {room.error && room.status !== 'reconnecting' ? <Alert tone="error" title="Something went wrong">{room.error}</Alert> : null}
      <ol className="live-messages" aria-label="Messages" aria-live="polite">
        {room.log.length === 0 && room.status === 'live' && !room.error ? (
          <li>
            <EmptyState compact title="No messages yet" description="Say hello: everyone in the project sees it, now or later." />
          </li>
        ) : null}
        {room.log.map((entry) => (
          <Message key={entry.key} entry={entry} author={profiles.get(entry.message.author_id)} mine={entry.message.author_id === me} />
        ))}
      </ol>
      <p className="live-typing" aria-live="polite" data-testid="typing">
        {typists.length > 0 ? `${typists.join(', ')} ${typists.length === 1 ? 'is' : 'are'} typing…` : ' '}
      </p>
      <Form onSubmit={submit} aria-label="Send a message">
        <Textarea
          aria-label="Message"
          name="message"
          rows={2}
          maxLength={4000}
          value={draft}
          disabled={room.status === 'joining'}
          onChange={(event) => {
            setDraft(event.target.value);
            room.noteTyping();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <FormActions>
          <Button type="submit" variant="primary" disabled={room.status === 'joining' || draft.trim() === ''}>
            Send
          </Button>
        </FormActions>
      </Form>
    </section>
  );
}

function Message({ entry, author, mine }: { entry: LogEntry; author: Profile | undefined; mine: boolean }): ReactNode {
  const name = author?.name ?? 'Someone';
  const at = new Date(entry.message.created_at);
  return (
    <li className={mine ? 'live-message live-message--mine' : 'live-message'} data-testid="message" data-delivery={entry.delivery ?? 'received'} data-id={entry.message.id ?? ''}>
      <Avatar name={name} src={author?.avatarUrl ?? null} size="sm" decorative />
      <div className="live-message__body">
        <div className="live-message__meta">
          <strong className="live-message__author">{name}</strong>{' '}
          <time dateTime={entry.message.created_at} title={day.format(at)}>
            {time.format(at)}
          </time>
          {entry.delivery ? (
            <Badge tone={entry.delivery === 'failed' ? 'danger' : entry.delivery === 'delivered' ? 'success' : 'neutral'} data-testid="delivery">
              {entry.delivery === 'delivered' ? <CheckIcon /> : null}
              {DELIVERY_LABEL[entry.delivery]}
            </Badge>
          ) : null}
        </div>
        <p className="live-message__text" data-testid="message-text">
          {entry.message.body}
        </p>
        {entry.error ? <p className="live-message__error">{entry.error}</p> : null}
      </div>
    </li>
  );
}
