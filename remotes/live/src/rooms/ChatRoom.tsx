// One project's room on screen: the messages (stored, then what is still in the outbox), who is
// typing, and the composer. Bodies are React text (never HTML); addresses in them are anchors
// that open in a new tab, only for web pages and mail.
import { nameOf, useSupabase, type PersonProfile } from '@portal/platform';
import { Alert, Avatar, Badge, Button, CheckIcon, EmptyState, ProgressBar } from '@portal/ui';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Composer } from './Composer.js';
import type { LogEntry } from './message-log.js';
import { piecesOf } from './message-text.js';
import { discard, retry, useOutbox, type OutboxEntry } from './outbox.js';
import { useRoom } from './use-room.js';
import { dayAndTime, timeOfDay } from '../time-formats.js';

const DELIVERY_LABEL = { stored: 'Saved', delivered: 'Delivered' } as const;
const OUTBOX_LABEL = { waiting: 'Not sent yet', sending: 'Sending…', failed: 'Not sent' } as const;

interface ChatRoomProps {
  projectId: number;
  projectName: string;
  me: string;
  profiles: ReadonlyMap<string, PersonProfile>;
}

/** The room's people (user id → name shown), for mentions: read once per room. */
function useRoomMembers(projectId: number, profiles: ReadonlyMap<string, PersonProfile>, me: string): ReadonlyMap<string, string> {
  const supabase = useSupabase();
  const [ids, setIds] = useState<readonly string[]>([]);
  useEffect(() => {
    let live = true;
    void supabase.rpc('room_members', { p_project_id: projectId }).then(({ data }) => {
      if (live && data) setIds(data);
    });
    return () => {
      live = false;
    };
  }, [supabase, projectId]);
  return useMemo(() => new Map(ids.filter((id) => id !== me && profiles.get(id)?.name).map((id) => [id, nameOf(profiles.get(id))])), [ids, profiles, me]);
}

export function ChatRoom({ projectId, projectName, me, profiles }: ChatRoomProps): ReactNode {
  const room = useRoom(projectId);
  const outbox = useOutbox(projectId);
  const members = useRoomMembers(projectId, profiles, me);
  const named = useMemo(() => new Map([...profiles].flatMap(([id, p]) => (p.name ? [[id, p.name] as const] : []))), [profiles]);
  const typists = [...room.typing.keys()].filter((id) => id !== me).map((id) => nameOf(profiles.get(id)));

  if (room.status === 'refused') {
    return (
      <div data-testid="room-refused">
        <Alert tone="error" title={`You are not in “${projectName}”`}>
          Only the project’s owner and members may join its room.
        </Alert>
      </div>
    );
  }

  const storedClientIds = new Set(room.log.map((e) => e.message.client_id));
  const pending = outbox.filter((entry) => !storedClientIds.has(entry.clientId));
  const waiting = pending.filter((entry) => entry.state !== 'failed').length;
  return (
    <section className="live-room" aria-label={`Room ${projectName}`} data-testid="room" data-room={projectId} data-status={room.status}>
      {room.status === 'joining' ? <ProgressBar label="Joining the room" hideLabel /> : null}
      {room.status === 'reconnecting' ? (
        <Alert tone="warning" title="Reconnecting">
          The connection to the server was lost; the page reconnects by itself. Messages you write meanwhile are kept in this browser and sent, in order, once the
          server answers.
        </Alert>
      ) : null}
      {room.error && room.status !== 'reconnecting' ? (
        <Alert tone="error" title="The room could not be read">
          {room.error}
        </Alert>
      ) : null}
      <ol className="live-messages" aria-label="Messages" aria-live="polite">
        {room.log.length === 0 && pending.length === 0 && room.status === 'live' && !room.error ? (
          <li>
            <EmptyState compact title="No messages yet" description="Say hello: everyone in the project sees it, now or later." />
          </li>
        ) : null}
        {room.log.map((entry) => (
          <Message
            key={entry.key}
            entry={entry}
            author={profiles.get(entry.message.author_id)}
            mine={entry.message.author_id === me}
            me={me}
            named={named}
            members={members}
            room={room}
          />
        ))}
        {pending.map((entry) => (
          <PendingMessage key={entry.clientId} entry={entry} author={profiles.get(me)} named={named} />
        ))}
      </ol>
      <p className="live-typing" aria-live="polite" data-testid="typing">
        {typists.length > 0 ? `${typists.join(', ')} ${typists.length === 1 ? 'is' : 'are'} typing…` : ' '}
      </p>
      {waiting > 0 && room.status !== 'reconnecting' ? (
        <p className="live-outbox-note" role="status" data-testid="outbox-note">
          {waiting === 1 ? '1 message is' : `${waiting} messages are`} waiting to be sent; they go out once the server answers.
        </p>
      ) : null}
      <Composer
        label="Send a message"
        submitLabel="Send"
        members={members}
        disabled={room.status === 'joining'}
        onSubmit={(body, mentions) => room.send(body, mentions)}
        onTyping={room.noteTyping}
      />
    </section>
  );
}

function MessageText({ body, named, mentions }: { body: string; named: ReadonlyMap<string, string>; mentions: readonly string[] }): ReactNode {
  const people = useMemo(() => new Map(mentions.flatMap((id) => (named.has(id) ? [[id, named.get(id)!] as const] : []))), [mentions, named]);
  return (
    <p className="live-message__text" data-testid="message-text">
      {piecesOf(body, people).map((piece, index) =>
        piece.kind === 'link' ? (
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer">
            {piece.text}
          </a>
        ) : piece.kind === 'mention' ? (
          <span key={index} className="live-mention" data-mention={piece.userId}>
            {piece.text}
          </span>
        ) : (
          piece.text
        ),
      )}
    </p>
  );
}

interface MessageProps {
  entry: LogEntry;
  author: PersonProfile | undefined;
  mine: boolean;
  me: string;
  named: ReadonlyMap<string, string>;
  members: ReadonlyMap<string, string>;
  room: ReturnType<typeof useRoom>;
}

function Message({ entry, author, mine, me, named, members, room }: MessageProps): ReactNode {
  const [mode, setMode] = useState<'read' | 'edit' | 'confirm-delete'>('read');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { message } = entry;
  const name = nameOf(author);
  const at = new Date(message.created_at);
  const deleted = message.deleted_at !== null;
  const mentionsMe = message.mentions.includes(me) && !mine;

  const act = async (work: () => Promise<string | null>) => {
    setBusy(true);
    const problem = await work();
    setBusy(false);
    setFailure(problem);
    if (!problem) setMode('read');
  };

  const classes = ['live-message', mine ? 'live-message--mine' : '', mentionsMe ? 'live-message--mentions-me' : ''].filter(Boolean).join(' ');
  return (
    <li
      className={classes}
      data-testid="message"
      data-delivery={entry.delivery ?? 'received'}
      data-id={message.id}
      data-deleted={deleted ? 'true' : undefined}
      data-edited={message.edited_at ? 'true' : undefined}
    >
      <Avatar name={name} src={author?.avatarUrl ?? null} size="sm" decorative />
      <div className="live-message__body">
        <div className="live-message__meta">
          <strong className="live-message__author" data-testid="message-author">
            {name}
          </strong>{' '}
          <time dateTime={message.created_at} title={dayAndTime(at)}>
            {timeOfDay(at)}
          </time>
          {message.edited_at && !deleted ? (
            <span className="live-message__edited" data-testid="edited" title={`Edited ${dayAndTime(new Date(message.edited_at))}`}>
              (edited)
            </span>
          ) : null}
          {entry.delivery && !deleted ? (
            <Badge tone={entry.delivery === 'delivered' ? 'success' : 'neutral'} data-testid="delivery">
              {entry.delivery === 'delivered' ? <CheckIcon /> : null}
              {DELIVERY_LABEL[entry.delivery]}
            </Badge>
          ) : null}
          {mentionsMe ? <Badge tone="accent">Mentions you</Badge> : null}
        </div>
        {deleted ? (
          <p className="live-message__text live-message__text--deleted" data-testid="message-text">
            This message was deleted.
          </p>
        ) : mode === 'edit' ? (
          <Composer
            label="Edit the message"
            submitLabel="Save"
            initial={message.body}
            members={members}
            disabled={busy}
            autoFocus
            onSubmit={(body, mentions) => void act(() => room.edit(message.id, body, mentions))}
            onCancel={() => {
              setMode('read');
              setFailure(null);
            }}
          />
        ) : (
          <MessageText body={message.body} named={named} mentions={message.mentions} />
        )}
        {mine && !deleted && mode === 'read' ? (
          <div className="live-message__actions">
            <Button size="sm" variant="ghost" onClick={() => setMode('edit')} aria-label={`Edit your message from ${timeOfDay(at)}`}>
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMode('confirm-delete')} aria-label={`Delete your message from ${timeOfDay(at)}`}>
              Delete
            </Button>
          </div>
        ) : null}
        {mode === 'confirm-delete' ? (
          <div className="live-message__confirm" role="group" aria-label="Delete this message?">
            <span>Delete this message for everyone?</span>
            <Button size="sm" variant="danger" loading={busy} onClick={() => void act(() => room.remove(message.id))}>
              Delete for everyone
            </Button>
            <Button size="sm" onClick={() => setMode('read')} autoFocus>
              Keep it
            </Button>
          </div>
        ) : null}
        {failure ? (
          <p className="live-message__error" role="alert">
            {failure}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function PendingMessage({ entry, author, named }: { entry: OutboxEntry; author: PersonProfile | undefined; named: ReadonlyMap<string, string> }): ReactNode {
  const name = nameOf(author);
  const at = new Date(entry.writtenAt);
  return (
    <li className="live-message live-message--mine live-message--pending" data-testid="message" data-delivery={entry.state} data-client-id={entry.clientId}>
      <Avatar name={name} src={author?.avatarUrl ?? null} size="sm" decorative />
      <div className="live-message__body">
        <div className="live-message__meta">
          <strong className="live-message__author">{name}</strong>{' '}
          <time dateTime={entry.writtenAt} title={dayAndTime(at)}>
            {timeOfDay(at)}
          </time>
          <Badge tone={entry.state === 'failed' ? 'danger' : 'neutral'} data-testid="delivery">
            {OUTBOX_LABEL[entry.state]}
          </Badge>
        </div>
        <MessageText body={entry.body} named={named} mentions={entry.mentions} />
        {entry.state === 'failed' ? (
          <>
            <p className="live-message__error">{entry.error}</p>
            <div className="live-message__actions">
              <Button size="sm" onClick={() => retry(entry.clientId)}>
                Retry
              </Button>
              <Button size="sm" variant="ghost" onClick={() => discard(entry.clientId)}>
                Delete
              </Button>
            </div>
          </>
        ) : entry.state === 'waiting' ? (
          <div className="live-message__actions">
            <Button size="sm" variant="ghost" onClick={() => discard(entry.clientId)}>
              Delete
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
