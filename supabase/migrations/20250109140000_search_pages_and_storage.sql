-- Document search, second part: where a document came from and where a passage sits in it.
--   * a document picked from the person's storage records its bucket and path, so re-indexing
--     reads the file again (with the person's own rights, in the browser);
--   * a passage of a PDF records the pages it spans, so a result can say "page 3".

alter table public.search_documents
  add column storage_bucket text check (char_length(storage_bucket) between 1 and 100),
  add column storage_path text check (char_length(storage_path) between 1 and 1024),
  add constraint search_documents_storage_both
    check ((storage_bucket is null) = (storage_path is null));

alter table public.search_passages
  add column page_first integer check (page_first >= 1),
  add column page_last integer,
  add constraint search_passages_pages
    check ((page_first is null) = (page_last is null) and page_last >= page_first);

-- The document and its passages in one statement, as before, now with the storage source and
-- each passage's pages. p_passages: [{ "heading", "text", "start", "end", "pageFirst"?,
-- "pageLast"? }, …] in order. The first version (without those) goes, so a call names one function.
drop function public.search_add_document(text, text, text, text, text, jsonb);
create function public.search_add_document(
  p_title text, p_source text, p_file_name text, p_body text, p_model text, p_passages jsonb,
  p_storage_bucket text default null, p_storage_path text default null
) returns public.search_documents
language plpgsql security invoker set search_path = '' as $$
declare
  doc public.search_documents;
begin
  insert into public.search_documents
    (title, source, file_name, body, model, passage_count, storage_bucket, storage_path)
  values (p_title, p_source, p_file_name, p_body, p_model, jsonb_array_length(p_passages),
          p_storage_bucket, p_storage_path)
  returning * into doc;
  insert into public.search_passages
    (document_id, passage_index, heading, content, start_offset, end_offset, page_first, page_last)
  select doc.id, (t.n - 1)::integer, t.p ->> 'heading', t.p ->> 'text',
         (t.p ->> 'start')::integer, (t.p ->> 'end')::integer,
         (t.p ->> 'pageFirst')::integer, (t.p ->> 'pageLast')::integer
  from jsonb_array_elements(p_passages) with ordinality as t (p, n);
  return doc;
end
$$;
revoke execute on function public.search_add_document(text, text, text, text, text, jsonb, text, text)
  from public, anon;
grant execute on function public.search_add_document(text, text, text, text, text, jsonb, text, text)
  to authenticated, service_role;

-- The full-text half of search, as in 20250108000000_search_fulltext_plan.sql, now also
-- answering each passage's pages. The result type changes, so the function is made anew.
drop function public.search_passages_fulltext(text, integer, text[], timestamptz, timestamptz);
create function public.search_passages_fulltext(
  p_query text,
  p_limit integer,
  p_sources text[] default null,
  p_from timestamptz default null,
  p_to timestamptz default null
) returns table (
  document_id uuid, passage_index integer, rank real, title text, source text,
  created_at timestamptz, heading text, content text, page_first integer, page_last integer
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
    select p.document_id, p.passage_index, ts_rank_cd(p.fts, tsq) as rank, p.heading, p.content,
           p.page_first, p.page_last
    from public.search_passages p
    where p.fts @@ tsq and p.owner_id = caller
  )
  select m.document_id, m.passage_index, m.rank, d.title, d.source, d.created_at, m.heading,
         m.content, m.page_first, m.page_last
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
