// A stored message's columns and type, without its schema (message-log.ts): the outbox, which the
// background runs on every signed-in page, needs only these, and zod stays out of its chunk.
import type { Tables } from '@portal/platform/database';

export const MESSAGE_COLUMNS = 'id, project_id, author_id, body, created_at, client_id, edited_at, deleted_at, mentions';

/** A row of public.messages, as read and as realtime sends it. */
export type StoredMessage = Pick<
  Tables<'messages'>,
  'id' | 'project_id' | 'author_id' | 'body' | 'created_at' | 'client_id' | 'edited_at' | 'deleted_at' | 'mentions'
>;
