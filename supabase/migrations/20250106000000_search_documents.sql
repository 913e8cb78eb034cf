-- People's own documents for the search remote: each document's text, and its passages with a
-- full-text index (the keyword half of hybrid search; the meaning half lives in the vector
-- bucket `portal-search`, written by the `documents` function). Each person sees only their
-- own rows: row level security on both tables, owner = the signed-in user.

create table public.search_documents (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 300),
  source text not null check (source in ('paste', 'text', 'markdown', 'html', 'pdf')),
  file_name text check (char_length(file_name) <= 300),
  body text not null check (char_length(body) between 1 and 1000000),
  -- indexing: rows written, vectors not yet stored (never returned by searches); ready: both.
  status text not null default 'indexing' check (status in ('indexing', 'ready')),
  passage_count integer not null default 0 check (passage_count >= 0),
  model text,
  created_at timestamptz not null default now(),
  indexed_at timestamptz
);
create index search_documents_owner_created on public.search_documents (owner_id, created_at desc);

create table public.search_passages (
  document_id uuid not null references public.search_documents (id) on delete cascade,
  passage_index integer not null check (passage_index >= 0),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  heading text check (char_length(heading) <= 300),
  content text not null check (char_length(content) between 1 and 8000),
  start_offset integer not null check (start_offset >= 0),
  end_offset integer not null check (end_offset >= start_offset),
  fts tsvector generated always as (
    to_tsvector('english', coalesce(heading, '') || ' ' || content)
  ) stored,
  primary key (document_id, passage_index)
);
create index search_passages_fts on public.search_passages using gin (fts);
create index search_passages_owner on public.search_passages (owner_id);

alter table public.search_documents enable row level security;
alter table public.search_passages enable row level security;

create policy "search documents: owner only" on public.search_documents for all to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy "search passages: owner only" on public.search_passages for all to authenticated
  using (owner_id = (select auth.uid()))
  with check (
    owner_id = (select auth.uid())
    and exists (select 1 from public.search_documents d
                where d.id = document_id and d.owner_id = (select auth.uid()))
  );

grant select, insert, update, delete on public.search_documents, public.search_passages
  to authenticated, service_role;

-- A document and its passages in one statement, so they are written together or not at all.
-- p_passages: [{ "heading": text | null, "text": text, "start": int, "end": int }, …] in order.
create function public.search_add_document(
  p_title text, p_source text, p_file_name text, p_body text, p_model text, p_passages jsonb
) returns public.search_documents
language plpgsql security invoker set search_path = '' as $$
declare
  doc public.search_documents;
begin
  insert into public.search_documents (title, source, file_name, body, model, passage_count)
  values (p_title, p_source, p_file_name, p_body, p_model, jsonb_array_length(p_passages))
  returning * into doc;
  insert into public.search_passages (document_id, passage_index, heading, content, start_offset, end_offset)
  select doc.id, (t.n - 1)::integer, t.p ->> 'heading', t.p ->> 'text',
         (t.p ->> 'start')::integer, (t.p ->> 'end')::integer
  from jsonb_array_elements(p_passages) with ordinality as t (p, n);
  return doc;
end
$$;
grant execute on function public.search_add_document(text, text, text, text, text, jsonb)
  to authenticated, service_role;

-- Full-text ranking of the caller's ready passages. Any word of the query may match (the words
-- are joined with "or"), ranked by ts_rank_cd, as the keyword half of Supabase's hybrid search.
create function public.search_passages_fulltext(
  p_query text,
  p_limit integer,
  p_sources text[] default null,
  p_from timestamptz default null,
  p_to timestamptz default null
) returns table (
  document_id uuid, passage_index integer, rank real, title text, source text,
  created_at timestamptz, heading text, content text
)
language sql stable security invoker set search_path = '' as $$
  with q as (
    select websearch_to_tsquery('english', array_to_string(regexp_split_to_array(
      btrim(regexp_replace(p_query, '[^[:alnum:]]+', ' ', 'g')), ' '), ' or ')) as tsq
  )
  select p.document_id, p.passage_index, ts_rank_cd(p.fts, q.tsq) as rank, d.title, d.source,
         d.created_at, p.heading, p.content
  from q, public.search_passages p
  join public.search_documents d on d.id = p.document_id
  where p.fts @@ q.tsq
    and d.status = 'ready'
    and (p_sources is null or d.source = any (p_sources))
    and (p_from is null or d.created_at >= p_from)
    and (p_to is null or d.created_at < p_to)
  order by rank desc, p.document_id, p.passage_index
  limit least(greatest(p_limit, 1), 200)
$$;
grant execute on function public.search_passages_fulltext(text, integer, text[], timestamptz, timestamptz)
  to authenticated, service_role;
