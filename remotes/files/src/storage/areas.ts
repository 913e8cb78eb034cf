// The places a person may reach (My files, each project with their role in it, the public
// assets), read from the portal's projects and memberships; and the buckets they live in.
import type { Database, Enums } from '@portal/platform/database';
import type { SupabaseClient } from '@supabase/supabase-js';
import { filesFailure } from '../failures.js';
import type { Area } from '../places.js';

export const FILES_BUCKET = 'files';
export const PUBLIC_BUCKET = 'public-assets';

export type ProjectRole = 'owner' | Enums<'member_role'>;

export interface ProjectRef {
  id: number;
  name: string;
  role: ProjectRole;
}

/** Said where a folder belongs to none of the person's areas (someone else's, say). */
export const NOT_YOURS =
  'This folder is not one of yours: you can see and change only your own files and the files of your projects.';

const PROJECT_DESCRIPTIONS: Record<ProjectRole, string> = {
  owner: 'Shared with the project’s members. You own this project.',
  editor: 'Shared with the project’s members. You can add, change and delete files.',
  viewer: 'Shared with the project’s members. You can see and download files.',
};

/** My files, each project the person is a member of (with their role), and the public assets. */
export async function listAreas(
  supabase: SupabaseClient<Database>,
  userId: string,
): Promise<{ areas: Area[]; projects: ProjectRef[] }> {
  const [projectRows, memberRows] = await Promise.all([
    supabase.from('projects').select('id, name, owner_id').order('name'),
    supabase.from('project_members').select('project_id, role').eq('user_id', userId),
  ]);
  if (projectRows.error) throw filesFailure(projectRows.error);
  if (memberRows.error) throw filesFailure(memberRows.error);
  const roles = new Map(memberRows.data.map((m) => [m.project_id, m.role]));
  const projects: ProjectRef[] = projectRows.data.map((p) => ({
    id: p.id,
    name: p.name,
    role: p.owner_id === userId ? 'owner' : (roles.get(p.id) ?? 'viewer'),
  }));
  const areas: Area[] = [
    {
      label: 'My files',
      description: 'Only you can see these.',
      bucket: FILES_BUCKET,
      folder: `${userId}/`,
      readOnly: null,
    },
    ...projects.map((project) => ({
      label: project.name,
      description: PROJECT_DESCRIPTIONS[project.role],
      bucket: FILES_BUCKET,
      folder: `projects/${project.id}/`,
      readOnly:
        project.role === 'viewer'
          ? 'You are a viewer of this project: you can see and download its files; only its owner and editors can upload, rename, move or delete them.'
          : null,
    })),
    {
      label: 'Public assets',
      description: 'Anyone can read these.',
      bucket: PUBLIC_BUCKET,
      folder: '',
      readOnly: 'Anyone can read the files here; only the service can change them.',
    },
  ];
  return { areas, projects };
}
