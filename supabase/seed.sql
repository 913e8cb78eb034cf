-- Demo data for the local portal: two people who share projects.
--   demo@example.com / demo-password-1   (owns "Launch website" and "Home renovation")
--   sam@example.com  / demo-password-2   (owns "Garden plan"; editor on "Launch website")
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, email_change,
  email_change_token_new, recovery_token)
values
  ('00000000-0000-0000-0000-000000000000', 'd0000000-0000-4000-8000-000000000001', 'authenticated',
   'authenticated', 'demo@example.com', crypt('demo-password-1', gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{"display_name":"Dana Demo"}', now(), now(), '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'd0000000-0000-4000-8000-000000000002', 'authenticated',
   'authenticated', 'sam@example.com', crypt('demo-password-2', gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{"display_name":"Sam Sample"}', now(), now(), '', '', '', '');

insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), u.id, u.id::text,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now()
from auth.users u
where u.id in ('d0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002');

insert into public.projects (owner_id, name, description, status)
overriding system value
select * from (values
  ('d0000000-0000-4000-8000-000000000001'::uuid, 'Launch website', 'New marketing site for the spring launch.', 'active'::public.project_status),
  ('d0000000-0000-4000-8000-000000000001'::uuid, 'Home renovation', 'Kitchen first, then the bathroom.', 'planned'::public.project_status),
  ('d0000000-0000-4000-8000-000000000002'::uuid, 'Garden plan', 'Raised beds and a herb spiral.', 'active'::public.project_status)
) as v;

insert into public.project_members (project_id, user_id, role)
select p.id, m.user_id, m.role::public.member_role
from (values
  ('Launch website', 'd0000000-0000-4000-8000-000000000002'::uuid, 'editor'),
  ('Garden plan', 'd0000000-0000-4000-8000-000000000001'::uuid, 'viewer')
) as m(project, user_id, role)
join public.projects p on p.name = m.project;

insert into public.tasks (project_id, title, done, due_date, priority, tags, details)
select p.id, t.title, t.done, t.due_date::date, t.priority::public.task_priority, t.tags::text[], t.details::jsonb
from (values
  ('Launch website', 'Write the landing page copy', true, '2026-11-10', 'high', '{copy,web}', '{"estimate_hours": 6}'),
  ('Launch website', 'Pick a colour palette', true, '2026-11-12', 'medium', '{design}', '{"options": ["sea", "sand"]}'),
  ('Launch website', 'Set up analytics', false, '2026-11-28', 'medium', '{web,ops}', '{}'),
  ('Launch website', 'Accessibility review', false, '2026-12-02', 'urgent', '{a11y,web}', '{"checklist": "WCAG 2.2 AA"}'),
  ('Launch website', 'Press release draft', false, null, 'low', '{copy}', '{}'),
  ('Home renovation', 'Measure the kitchen', true, '2026-10-30', 'medium', '{kitchen}', '{"width_cm": 412, "depth_cm": 305}'),
  ('Home renovation', 'Get three quotes for tiles', false, '2026-12-15', 'high', '{kitchen,budget}', '{}'),
  ('Home renovation', 'Choose a tap', false, null, 'low', '{kitchen}', '{}'),
  ('Garden plan', 'Order soil for the raised beds', false, '2026-12-01', 'high', '{garden}', '{"litres": 600}'),
  ('Garden plan', 'Sketch the herb spiral', true, '2026-11-05', 'medium', '{garden,design}', '{}')
) as t(project, title, done, due_date, priority, tags, details)
join public.projects p on p.name = t.project;

insert into public.announcements (title, body) values
  ('Welcome to the portal', 'Everything here runs on the local emulator: sign in as demo@example.com or sam@example.com.'),
  ('Maintenance window', 'The hosted project is upgraded on Sunday at 02:00 UTC; the local emulator is not affected.');
