-- The full-text half of document search, rewritten so that it stays fast as a person's passages
-- grow (at 10,000 passages the first version took about half a second per query):
--   * the query text is turned into a tsquery once, in a variable; as an expression inside the
--     SQL function it was parsed again for every passage it was compared with and ranked against;
--   * the function is security definer and names the owner itself (the signed-in user, from the
--     JWT, as the row level security policies do). Under row level security `@@` is not leakproof,
--     so Postgres must check the policy before it and cannot use the GIN index on `fts`; here the
--     plan reads the index and ands it with the owner index;
--   * matching passages are ranked first and joined with their documents after, which gives the
--     same plan whether or not the tables have statistics (the emulator's embedded Postgres has
--     no autovacuum to gather them).
create or replace function public.search_passages_fulltext(
  p_query text,
  p_limit integer,
  p_sources text[] default null,
  p_from timestamptz default null,
  p_to timestamptz default null
) returns table (
  document_id uuid, passage_index integer, rank real, title text, source text,
  created_at timestamptz, heading text, content text
)
language plpgsql stable security definer set search_path = '' as $$
declare
  -- Any word of the query may match: the words are joined with "or".
  tsq tsquery := websearch_to_tsquery('english', array_to_string(regexp_split_to_array(
    btrim(regexp_replace(p_query, '[^[:alnum:]]+', ' ', 'g')), ' '), ' or '));
  caller uuid := (select auth.uid());
begin
  if caller is null then
    return;
  end if;
  return query
  with matches as materialized (
    select p.document_id, p.passage_index, ts_rank_cd(p.fts, tsq) as rank, p.heading, p.content
    from public.search_passages p
    where p.fts @@ tsq and p.owner_id = caller
  )
  select m.document_id, m.passage_index, m.rank, d.title, d.source, d.created_at, m.heading,
         m.content
  from matches m
  join public.search_documents d on d.id = m.document_id
  where d.owner_id = caller
    and d.status = 'ready'
    and (p_sources is null or d.source = any (p_sources))
    and (p_from is null or d.created_at >= p_from)
    and (p_to is null or d.created_at < p_to)
  order by m.rank desc, m.document_id, m.passage_index
  limit least(greatest(p_limit, 1), 200);
end
$$;
revoke execute on function public.search_passages_fulltext(text, integer, text[], timestamptz, timestamptz)
  from public, anon;
grant execute on function public.search_passages_fulltext(text, integer, text[], timestamptz, timestamptz)
  to authenticated, service_role;
