// The remote's places: `<route>` (rooms), `<route>/rooms/<project id>`, `<route>/people`,
// `<route>/activity`.
export type LiveView = { kind: 'rooms'; projectId: number | null } | { kind: 'people' } | { kind: 'activity' } | { kind: 'unknown' };

export function parseLivePath(route: string, pathname: string): LiveView {
  const rest = pathname.slice(route.length).replace(/^\/+|\/+$/g, '');
  if (rest === '' || rest === 'rooms') return { kind: 'rooms', projectId: null };
  const room = /^rooms\/([0-9]{1,18})$/.exec(rest);
  if (room) return { kind: 'rooms', projectId: Number(room[1]) };
  if (rest === 'people') return { kind: 'people' };
  if (rest === 'activity') return { kind: 'activity' };
  return { kind: 'unknown' };
}

export const roomPath = (route: string, projectId: number) => `${route}/rooms/${projectId}`;

/** The private channel of a project's room (opened by the policies on realtime.messages). */
export const roomTopic = (projectId: number) => `room:${projectId}`;

/**
 * The public channel a room's stored messages arrive on (postgres_changes: Realtime sends each row
 * only to people whose RLS lets them read it, so a public topic shows nobody anything).
 */
export const roomChangesTopic = (projectId: number) => `live:room-messages:${projectId}`;

/** Where the data remote shows one row: its table filtered to the row's id. */
export const dataRowPath = (table: 'tasks' | 'projects', id: number) => `/data/${table}?f=id.eq.${id}`;
