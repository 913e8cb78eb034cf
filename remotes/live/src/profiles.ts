// Names and pictures of the people this person may see (profiles: own and collaborators').
import { describeError, useSupabase } from '@portal/platform';
import { useEffect, useState } from 'react';

export interface Profile {
  id: string;
  name: string;
  avatarUrl: string | null;
}

export function useProfiles(): { profiles: ReadonlyMap<string, Profile>; error: string | null } {
  const supabase = useSupabase();
  const [state, setState] = useState<{ profiles: ReadonlyMap<string, Profile>; error: string | null }>({ profiles: new Map(), error: null });
  useEffect(() => {
    let live = true;
    void supabase
      .from('profiles')
      .select('id, display_name, avatar_url')
      .then(({ data, error }) => {
        if (!live) return;
        if (error) return setState({ profiles: new Map(), error: describeError(error) });
        const rows = data ?? [];
        setState({ profiles: new Map(rows.map((r) => [r.id, { id: r.id, name: r.display_name || 'Someone', avatarUrl: r.avatar_url }])), error: null });
      });
    return () => {
      live = false;
    };
  }, [supabase]);
  return state;
}
