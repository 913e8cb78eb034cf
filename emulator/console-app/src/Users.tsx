import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  Field,
  Form,
  FormActions,
  Inline,
  PageHeader,
  Pagination,
  PasswordInput,
  Stack,
  Table,
  TextInput,
  type TableColumn,
} from '@portal/ui';
import { z } from 'zod';
import { call, consoleUser, newUserForm, portalAddress, userPage, type ConsoleUser, type UserPage } from './api.js';

function when(time: string | null): string {
  return time ? new Date(time).toLocaleString(undefined, { hour12: false }) : 'never';
}

function NewUser({ onCreated }: { onCreated: (user: ConsoleUser) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefused(null);
    const parsed = newUserForm.safeParse({ email: email.trim(), password, confirmed });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onCreated(await call('/api/users', consoleUser, { method: 'POST', body: parsed.data }));
      setEmail('');
      setPassword('');
    } catch (error) {
      setRefused((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <Form onSubmit={submit} aria-label="Create a user" noValidate>
        <h2>Create a user</h2>
        <Inline className="console-filters">
          <Field label="Email" error={errors.email ?? null} required>
            <TextInput type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
          </Field>
          <Field label="Password" error={errors.password ?? null} required>
            <PasswordInput value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="new-password" />
          </Field>
          <Checkbox label="Email confirmed" description="Off: the user must confirm before signing in." checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
        </Inline>
        {refused && (
          <Alert tone="error" title="Not created">
            {refused}
          </Alert>
        )}
        <FormActions>
          <Button type="submit" variant="primary" loading={busy}>
            Create user
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

export function Users({ siteUrl }: { siteUrl: string }) {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<UserPage | null>(null);
  const [listFailure, setListFailure] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [portalUrl, setPortalUrl] = useState(siteUrl);
  const [portalError, setPortalError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ConsoleUser | null>(null);

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  useEffect(() => {
    let current = true;
    call(`/api/users?${new URLSearchParams({ email: applied, page: String(page) })}`, userPage).then(
      (read) => {
        if (!current) return;
        setList(read);
        setListFailure(null);
      },
      (error: Error) => current && setListFailure(error.message),
    );
    return () => {
      current = false;
    };
  }, [applied, page, version]);

  /** Runs an action on a user, says what happened, and reads the list again. */
  async function act(done: string, action: () => Promise<unknown>) {
    setNotice(null);
    try {
      await action();
      setNotice(done);
      setFailure(null);
    } catch (error) {
      setFailure((error as Error).message);
    }
    reload();
  }

  function impersonate(user: ConsoleUser) {
    const address = portalAddress.safeParse(portalUrl.trim());
    if (!address.success) {
      setPortalError(address.error.issues[0]?.message ?? 'Give the portal\'s address.');
      return;
    }
    setPortalError(null);
    setFailure(null);
    // Opened now, while the click still counts as the user's, and sent on once the hand-over is ready.
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    call(`/api/users/${user.id}/impersonate`, z.object({ handOverUrl: z.string() }), { method: 'POST', body: { portalUrl: address.data } }).then(
      ({ handOverUrl }) => {
        if (tab) tab.location.href = handOverUrl;
        else setFailure('The browser blocked the new tab: allow pop-ups for the console and try again.');
      },
      (error: Error) => {
        tab?.close();
        setFailure(error.message);
      },
    );
  }

  const columns: TableColumn<ConsoleUser>[] = [
    { key: 'email', header: 'Email', cell: (u) => u.email ?? u.phone ?? u.id },
    { key: 'confirmed', header: 'Status', cell: (u) => <Badge tone={u.confirmed ? 'success' : 'warning'}>{u.confirmed ? 'confirmed' : 'unconfirmed'}</Badge> },
    { key: 'created', header: 'Created', cell: (u) => when(u.createdAt) },
    { key: 'signedIn', header: 'Last sign-in', cell: (u) => when(u.lastSignInAt) },
    {
      key: 'factors',
      header: 'MFA factors',
      cell: (u) =>
        u.factors.length === 0 ? (
          'none'
        ) : (
          <Stack gap={1}>
            {u.factors.map((f) => (
              <Inline key={f.id} gap={1}>
                <span>
                  {f.type} {f.friendlyName ? `“${f.friendlyName}”` : ''} ({f.status})
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove factor ${f.friendlyName ?? f.type} of ${u.email ?? u.id}`}
                  onClick={() => void act(`Removed the ${f.type} factor of ${u.email ?? u.id}.`, () => call(`/api/users/${u.id}/factors/${f.id}`, consoleUser, { method: 'DELETE' }))}
                >
                  Remove
                </Button>
              </Inline>
            ))}
          </Stack>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u) => {
        const who = u.email ?? u.id;
        return (
          <Inline gap={1}>
            {!u.confirmed && (
              <Button size="sm" aria-label={`Confirm ${who}`} onClick={() => void act(`Confirmed ${who}.`, () => call(`/api/users/${u.id}/confirm`, consoleUser, { method: 'POST', body: {} }))}>
                Confirm
              </Button>
            )}
            <Button size="sm" aria-label={`Sign out ${who}`} onClick={() => void act(`Signed ${who} out of every session.`, () => call(`/api/users/${u.id}/sign-out`, z.unknown(), { method: 'POST', body: {} }))}>
              Sign out
            </Button>
            {u.email && (
              <Button size="sm" aria-label={`Impersonate ${who}`} onClick={() => impersonate(u)}>
                Impersonate
              </Button>
            )}
            <Button size="sm" variant="danger" aria-label={`Delete ${who}`} onClick={() => setDeleting(u)}>
              Delete
            </Button>
          </Inline>
        );
      },
    },
  ];

  return (
    <div className="console-page">
      <PageHeader title="Users" description="The project's users, managed through the emulator's own auth admin API with the service role." />
      <Stack>
        <NewUser
          onCreated={(user) => {
            setNotice(`Created ${user.email ?? user.id}.`);
            reload();
          }}
        />
        <Inline className="console-filters">
          <Form
            aria-label="Search users"
            onSubmit={(event) => {
              event.preventDefault();
              setPage(1);
              setApplied(search.trim());
            }}
          >
            <Inline className="console-filters">
              <Field label="Email contains">
                <TextInput type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
              </Field>
              <Button type="submit">Search</Button>
            </Inline>
          </Form>
          <Field label="Portal address" hint="Impersonate opens this address signed in as the user (config.toml [auth] site_url)." error={portalError}>
            <TextInput value={portalUrl} onChange={(event) => setPortalUrl(event.target.value)} />
          </Field>
        </Inline>
        {notice && (
          <p role="status" className="console-notice">
            {notice}
          </p>
        )}
        {failure && (
          <Alert tone="error" title="The auth server refused">
            {failure}
          </Alert>
        )}
        {listFailure && <p role="alert">The users could not be read: {listFailure}</p>}
        <Table
          caption="Users"
          hideCaption
          columns={columns}
          rows={list?.users ?? []}
          rowKey={(u) => u.id}
          wrapCells
          rowProps={(u) => ({ 'data-user': u.email ?? u.id }) as never}
          empty={applied ? `No user's email contains “${applied}”.` : 'No user yet.'}
        />
        {list && list.total > list.perPage && <Pagination page={page} pageSize={list.perPage} total={list.total} onPageChange={setPage} itemLabel="users" />}
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={`Delete ${deleting?.email ?? deleting?.id ?? ''}?`}
        confirmLabel="Delete user"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const user = deleting!;
          await call(`/api/users/${user.id}`, z.unknown(), { method: 'DELETE' });
          setDeleting(null);
          setNotice(`Deleted ${user.email ?? user.id}.`);
          reload();
        }}
      >
        The user, their identities, factors and sessions are removed.
      </ConfirmDialog>
    </div>
  );
}
