-- Profile pictures: a public `avatars` bucket where each person writes only under their own
-- folder (`<user id>/…`) and anyone may read. Written for Supabase; runs unchanged on hosted
-- projects and on the portal emulator.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do nothing;

-- Reading: the bucket is public (its /object/public/ URLs need no policy); this policy lets
-- clients list and fetch through the authenticated routes too, and lets an upsert see the row
-- it replaces.
create policy "Avatars are readable by anyone"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'avatars');

create policy "People upload avatars into their own folder"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "People replace avatars in their own folder"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "People delete avatars from their own folder"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
