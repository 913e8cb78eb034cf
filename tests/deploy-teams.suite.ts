// Publishing with verified teams, against a project in the emulator (docs/deploy-teams.md): two
// teams and a platform owner. Team alpha's credential publishes, promotes, canaries and rolls
// back its own remote and nothing else; every refusal comes from the project (database and
// storage policies), also when the CLI's own checks are skipped, and names its reason and who
// may; the audit trail names the verified identity of each change; a revoked credential stops at
// once; two writers still never lose each other's change.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startTestEmulator, type EmulatorOptions, type TestEmulator } from '../emulator/test/harness.js';
import { readAuditLog } from '../deploy/src/audit-log.js';
import { isDeployError } from '../deploy/src/errors.js';
import type { ProjectConnection } from '../deploy/src/identity/project-connection.js';
import { promoteRelease, rollbackRemote, stageRelease, startCanary } from '../deploy/src/publish.js';
import { readRegistryState } from '../deploy/src/registry-store.js';
import { projectTarget, type ProjectTarget } from '../deploy/src/targets/project-target.js';
import { acceptRelease, addMember, addRemote, addTeam, assignRemote, createCredential, revokeCredential, routeRemote } from '../deploy/src/team-admin.js';
import { writeFakeRemoteBuild, type FakeBuildOptions } from '../deploy/test/fake-remote-build.js';
import { credentialConnection, deployBackendOptions, firstPlatformOwner, participant, teamToken, type Participant } from './support/deploy-backend.js';
import { enrolTotp, newPerson, signedInClient, totpCode } from './support/people.js';
import { projectClient } from '../deploy/src/identity/project-connection.js';

const REPO = path.resolve(__dirname, '..');
const ENVIRONMENT = 'portal';
const ALPHA_CI = 'credential ci of team alpha';

/** A function the test adds to the project: tries to change history as the database's owner. */
const HISTORY_PROBE = `
create function public.try_to_rewrite_history(p_environment text) returns text[]
language plpgsql security definer set search_path = '' as $$
declare
  refusals text[] := '{}';
begin
  begin
    update portal_deploy.revisions set registry = '{}'::jsonb where environment = p_environment;
    refusals := refusals || 'revision updated';
  exception when others then refusals := refusals || sqlerrm;
  end;
  begin
    delete from portal_deploy.audit;
    refusals := refusals || 'audit deleted';
  exception when others then refusals := refusals || sqlerrm;
  end;
  begin
    update portal_deploy.releases set integrity = 'sha384-AAAA' where environment = p_environment;
    refusals := refusals || 'release updated';
  exception when others then refusals := refusals || sqlerrm;
  end;
  return refusals;
end
$$;
revoke all on function public.try_to_rewrite_history(text) from public, anon, authenticated;
grant execute on function public.try_to_rewrite_history(text) to service_role;
`;

/** What a refusal says, as the CLI prints it: `DEPLOY-0xx message`. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isDeployError(error)) return `${error.code} ${error.message}`;
    throw error;
  }
  throw new Error('expected a refusal, and the work was done');
}

export function describeDeployTeams(title: string, options: Pick<EmulatorOptions, 'postgres'> = {}): void {
  describe(title, () => {
    let emulator: TestEmulator;
    let work: string;
    let builds = 0;
    let owner: Participant;
    let alice: Participant;
    let bob: Participant;
    let alphaCi: ProjectConnection;
    let betaCi: ProjectConnection;
    /** Beta's live release of `data`, staged and promoted by beta's credential. */
    let betaLive: string;
    /** Alpha's first live release of `files`, so every test finds an entry of each team. */
    let alphaFirst: string;

    const build = (buildOptions: FakeBuildOptions) => writeFakeRemoteBuild(path.join(work, `build-${++builds}`), buildOptions);
    const as = (connection: ProjectConnection): ProjectTarget => projectTarget(connection, ENVIRONMENT);
    const api = (connection: ProjectConnection) => connection.client.schema('portal_deploy_api');
    const registry = async () => (await fetch(`${emulator.apiUrl}/functions/v1/deploy-registry/${ENVIRONMENT}`)).json() as Promise<{ remotes: Record<string, { version: string; manifest: string; canary?: { version: string } }> }>;

    beforeAll(async () => {
      work = mkdtempSync(path.join(REPO, '.tmp', 'deploy-teams-'));
      emulator = await startTestEmulator({ ...options, ...deployBackendOptions({ 'migrations/99999999999999_history_probe.sql': HISTORY_PROBE }) });
      owner = await firstPlatformOwner(emulator);
      [alice, bob] = await Promise.all([participant(emulator, 'alice'), participant(emulator, 'bob')]);
      const by = owner.connection;
      await as(by).recordShellContract('1.4.0');
      await addTeam(by, 'alpha', 'Team Alpha');
      await addTeam(by, 'beta');
      await addMember(by, 'alpha', alice.email);
      await addMember(by, 'beta', bob.email);
      await addRemote(by, 'files', 'alpha', '/files');
      await addRemote(by, 'data', 'beta', '/data');
      // Each team's own people make its CI credential.
      alphaCi = await credentialConnection(emulator, await teamToken(alice.connection, 'alpha', 'ci'));
      betaCi = await credentialConnection(emulator, await teamToken(bob.connection, 'beta', 'ci'));
      const staged = await stageRelease(as(betaCi), { distDir: build({ name: 'data', version: '1.0.0' }), actor: '' });
      betaLive = (await promoteRelease(as(betaCi), 'data', staged.version, 'first data')).version;
      const first = await stageRelease(as(alphaCi), { distDir: build({ name: 'files', version: '0.9.0' }), actor: '' });
      alphaFirst = (await promoteRelease(as(alphaCi), 'files', first.version, '')).version;
    }, 240_000);

    afterAll(async () => {
      await emulator?.stop();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    it("team alpha's credential alone publishes, promotes, canaries and rolls back its own remote, and the log names it for each", async () => {
      const target = as(alphaCi);
      const before = (await readRegistryState(target)).revision;
      const v1 = await stageRelease(target, { distDir: build({ name: 'files', version: '1.0.0' }), actor: '' });
      await promoteRelease(target, 'files', v1.version, 'first of the test');
      const v2 = await stageRelease(target, { distDir: build({ name: 'files', version: '1.1.0' }), actor: '' });
      await startCanary(target, 'files', v2.version, 10, '');
      expect((await registry()).remotes.files).toMatchObject({ version: v1.version, canary: { version: v2.version } });
      expect(await rollbackRemote(target, 'files', '')).toMatchObject({ endedCanary: v2.version, version: v1.version });
      await promoteRelease(target, 'files', v2.version, '');
      expect(await rollbackRemote(target, 'files', 'back to 1.0')).toMatchObject({ endedCanary: null, version: v1.version });

      const live = await registry();
      // What browsers read: the manifest in the environment's public bucket, absolute; beta's entry untouched.
      expect(live.remotes.files!.manifest).toBe(`${emulator.apiUrl}/storage/v1/object/public/${ENVIRONMENT}/remotes/files/${encodeURIComponent(v1.version)}/mf-manifest.json`);
      expect(live.remotes.data!.version).toBe(betaLive);
      const manifest = await fetch(live.remotes.files!.manifest);
      expect(manifest.status).toBe(200);

      const log = await readAuditLog(alice.connection, { environment: ENVIRONMENT, remote: 'files' });
      const changes = log.filter((entry) => entry.revision !== null && entry.revision > before).reverse();
      expect(changes.map((entry) => [entry.action, entry.change, entry.actor, entry.revision! - entry.baseRevision!])).toEqual([
        ['promote', `live ${alphaFirst} → ${v1.version}`, ALPHA_CI, 1],
        ['canary', `canary ${v2.version} for 10%`, ALPHA_CI, 1],
        ['rollback', `canary ${v2.version} ended`, ALPHA_CI, 1],
        ['promote', `live ${v1.version} → ${v2.version}`, ALPHA_CI, 1],
        ['rollback', `live ${v2.version} → ${v1.version}`, ALPHA_CI, 1],
      ]);
      expect(changes[0]!.note).toBe('first of the test');
      const published = (version: string) => log.find((entry) => entry.action === 'publish' && entry.change === `files@${version} staged`);
      expect([published(v1.version)?.actor, published(v2.version)?.actor]).toEqual([ALPHA_CI, ALPHA_CI]);
      const status = await readRegistryState(target);
      expect(status.remotes.files).toMatchObject({ changedBy: ALPHA_CI, note: 'back to 1.0' });
    });

    it("team alpha cannot publish, promote, canary or roll back team beta's remote, and each refusal says why", async () => {
      const target = as(alphaCi);
      const notYours = /^DEPLOY-015 data belongs to team beta: only its members, its credentials and the platform owners may .* credential ci of team alpha may not\. A platform owner moves a remote to another team: portal-deploy remote assign data <team>\.$/;
      // A bundle named data, published by alpha: refused before anything is uploaded.
      expect(await refusal(stageRelease(target, { distDir: build({ name: 'data', version: '6.6.6' }), actor: '' }))).toMatch(notYours);
      expect(await refusal(promoteRelease(target, 'data', betaLive, ''))).toMatch(notYours);
      expect(await refusal(startCanary(target, 'data', betaLive, 50, ''))).toMatch(notYours);
      expect(await refusal(rollbackRemote(target, 'data', ''))).toMatch(notYours);
      expect((await registry()).remotes.data!.version).toBe(betaLive);
    });

    it("the project refuses alpha's writes to beta's remote even when the CLI's checks are skipped", async () => {
      const files = alphaCi.client.storage.from(ENVIRONMENT);
      const body = new Blob(['/* not beta\'s */'], { type: 'text/javascript' });
      // Storage: nothing outside alpha's own new releases.
      for (const key of [`remotes/data/6.6.6+00000000/remoteEntry.js`, `remotes/data/${betaLive}/remoteEntry.js`, 'registry.json', 'registry-revisions/000000000009.json']) {
        const { error } = await files.upload(key, body);
        expect({ key, status: (error as { statusCode?: string } | null)?.statusCode }).toEqual({ key, status: '403' });
      }
      const { data: removed } = await files.remove([`remotes/data/${betaLive}/remoteEntry.js`]);
      expect(removed).toEqual([]);
      // The database: no release under beta's name, no registry revision changing beta's entry.
      const recorded = await api(alphaCi).rpc('record_release', {
        p_environment: ENVIRONMENT,
        p_remote: 'data',
        p_version: '6.6.6+00000000',
        p_integrity: 'sha384-AAAA',
        p_contract: '^1.0.0',
        p_contract_major: 1,
        p_meta: {},
      });
      expect(recorded.error).toMatchObject({ code: '42501', details: 'not_your_remote' });
      const state = await readRegistryState(as(alphaCi));
      const hijacked = { ...state.registry, remotes: { ...state.registry.remotes, data: { ...state.registry.remotes.data!, title: 'Hijacked' } } };
      const committed = await api(alphaCi).rpc('commit_revision', {
        p_environment: ENVIRONMENT,
        p_revision: state.revision + 1,
        p_registry: hijacked,
        p_history: state.remotes,
        p_action: 'promote data',
      });
      expect(committed.error).toMatchObject({ code: '42501', details: 'not_your_remote' });
      // Pointing alpha's own entry at beta's files is refused too: an entry names its own release as published.
      const files_ = state.registry.remotes.files!;
      const borrowed = await api(alphaCi).rpc('commit_revision', {
        p_environment: ENVIRONMENT,
        p_revision: state.revision + 1,
        p_registry: { ...state.registry, remotes: { ...state.registry.remotes, files: { ...files_, manifest: state.registry.remotes.data!.manifest } } },
        p_history: state.remotes,
        p_action: 'promote files',
      });
      expect(borrowed.error).toMatchObject({ code: '42501', details: 'release_mismatch' });
      expect((await readRegistryState(as(bob.connection))).revision).toBe(state.revision);
    });

    it('a recorded release is sealed, and no file of it is replaced or removed by its own team', async () => {
      const target = as(alphaCi);
      const staged = await stageRelease(target, { distDir: build({ name: 'files', version: '2.0.0' }), actor: '' });
      const files = alphaCi.client.storage.from(ENVIRONMENT);
      const folder = `remotes/files/${staged.version}`;
      const added = await files.upload(`${folder}/late.js`, new Blob(['/* added after recording */']));
      expect((added.error as { statusCode?: string } | null)?.statusCode).toBe('403');
      const replaced = await files.upload(`${folder}/remoteEntry.js`, new Blob(['/* replaced */']), { upsert: true });
      expect((replaced.error as { statusCode?: string } | null)?.statusCode).toBe('403');
      const moved = await files.move(`${folder}/remoteEntry.js`, `${folder}/moved.js`);
      expect(moved.error).not.toBeNull();
      expect((await files.remove([`${folder}/remoteEntry.js`])).data).toEqual([]);
      const entry = await fetch(`${emulator.apiUrl}/storage/v1/object/public/${ENVIRONMENT}/${folder}/remoteEntry.js`);
      expect(await entry.text()).toBe('/* entry of files first */');
    });

    it("platform owners' acts are refused to a team, each saying who may", async () => {
      const ownersOnly = (what: string) => new RegExp(`^DEPLOY-016 Only platform owners ${what}; (credential ci of team alpha|alice-\\S+@example\\.com) is not one\\. Ask a platform owner \\(portal-deploy status lists them\\)\\.$`);
      expect(await refusal(addRemote(alphaCi, 'reports', 'alpha', '/reports'))).toMatch(ownersOnly('add remotes'));
      expect(await refusal(addRemote(alice.connection, 'reports', 'alpha', '/reports'))).toMatch(ownersOnly('add remotes'));
      expect(await refusal(assignRemote(alphaCi, 'data', 'alpha'))).toMatch(ownersOnly('move remotes between teams'));
      expect(await refusal(routeRemote(alphaCi, 'files', '/data', null, ''))).toMatch(ownersOnly('give remotes their routes'));
      expect(await refusal(addTeam(alice.connection, 'gamma'))).toMatch(ownersOnly('add teams'));
      expect(await refusal(addMember(alice.connection, 'beta', alice.email))).toMatch(ownersOnly('add people to teams'));
      expect(await refusal(as(alphaCi).recordShellContract('2.0.0'))).toMatch(ownersOnly('make environments and record their shell contract'));
      // Not even a platform owner makes an environment of a bucket the project already has for something else.
      await emulator.admin().storage.createBucket('team-files', { public: false });
      expect(await refusal(projectTarget(owner.connection, 'team-files').recordShellContract('1.4.0'))).toBe(
        'DEPLOY-007 The project has a bucket team-files already, which is not a deploy environment; name the environment otherwise.',
      );
      expect((await emulator.admin().storage.getBucket('team-files')).data).toMatchObject({ public: false });
      // Taking beta's route in alpha's own entry.
      const state = await readRegistryState(as(alphaCi));
      const taken = await api(alphaCi).rpc('commit_revision', {
        p_environment: ENVIRONMENT,
        p_revision: state.revision + 1,
        p_registry: { ...state.registry, remotes: { ...state.registry.remotes, files: { ...state.registry.remotes.files!, route: '/data' } } },
        p_history: state.remotes,
        p_action: 'promote files',
      });
      expect(taken.error).toMatchObject({ code: '42501', details: 'route_not_assigned', message: 'files may claim only its own route /files, not /data.' });
      // A credential never makes credentials, not even its own team's.
      expect(await refusal(createCredential(alphaCi, 'alpha', 'more'))).toMatch(/^DEPLOY-015 Only members of team alpha \(people, not credentials\) and platform owners make its credentials/);
    });

    it('a release for a new contract major waits for a platform owner to accept it', async () => {
      const target = as(alphaCi);
      const staged = await stageRelease(target, { distDir: build({ name: 'files', version: '3.0.0', contract: '^2.0.0' }), actor: '' });
      expect(staged.needsAcceptance).toBe(true);
      expect(await refusal(promoteRelease(target, 'files', staged.version, ''))).toMatch(
        new RegExp(`^DEPLOY-016 files@${staged.version.replace('+', '\\+')} needs @portal/platform \\^2\\.0\\.0, a newer major than the shell of .* provides; a platform owner accepts it first`),
      );
      expect(await refusal(acceptRelease(target, 'files', staged.version))).toMatch(/^DEPLOY-016 Only platform owners accept a release that needs a new platform contract major/);
      await acceptRelease(as(owner.connection), 'files', staged.version);
      expect((await promoteRelease(as(alphaCi), 'files', staged.version, '')).version).toBe(staged.version);
      const [accepted] = await readAuditLog(owner.connection, { environment: ENVIRONMENT, remote: 'files', limit: 2 }).then((log) => log.filter((e) => e.action === 'accept'));
      expect(accepted).toMatchObject({ actor: owner.email, change: `files@${staged.version} accepted for a new contract major` });
      await rollbackRemote(as(alphaCi), 'files', '');
    });

    it('history is append-only: a past revision cannot be committed again, and not even the database owner rewrites it', async () => {
      const state = await readRegistryState(as(alphaCi));
      const again = await api(alphaCi).rpc('commit_revision', {
        p_environment: ENVIRONMENT,
        p_revision: state.revision,
        p_registry: state.registry,
        p_history: state.remotes,
        p_action: 'promote files',
      });
      expect(again).toMatchObject({ error: null, data: { committed: false, newest: state.revision } });
      const tables = await alphaCi.client.schema('portal_deploy').from('revisions').select('*');
      expect(tables.error).toMatchObject({ code: 'PGRST106' });
      const probe = await emulator.admin().rpc('try_to_rewrite_history', { p_environment: ENVIRONMENT });
      expect(probe.data).toEqual(['revisions is append-only: what happened stays as it happened.', 'audit is append-only: what happened stays as it happened.', 'releases is append-only: what happened stays as it happened.']);
    });

    it('a team credential reads nothing the service key could: no auth users, no private bucket, no admin call', async () => {
      const admin = emulator.admin();
      await admin.storage.createBucket('private-things', { public: false });
      await admin.storage.from('private-things').upload('secret.txt', new Blob(['secret']));
      const auth = await fetch(`${emulator.apiUrl}/auth/v1/admin/users`, { headers: { apikey: alphaCi.anonKey, Authorization: `Bearer ${alphaCi.accessToken}` } });
      expect(auth.status).toBe(403);
      expect((await alphaCi.client.storage.from('private-things').download('secret.txt')).data).toBeNull();
      expect((await alphaCi.client.storage.listBuckets()).data ?? []).not.toContainEqual(expect.objectContaining({ name: 'private-things' }));
      expect((await api(alphaCi).rpc('add_platform_owner', { p_email: alice.email })).error).toMatchObject({ code: '42501' });
      expect((await api(alphaCi).rpc('attach_credential_user', { p_credential: crypto.randomUUID(), p_user: crypto.randomUUID() })).error).toMatchObject({ code: '42501', details: 'service_only' });
    });

    it('two writers of different teams never lose each other’s change', async () => {
      const alpha = as(alphaCi);
      const beta = as(betaCi);
      const filesReleases = await Promise.all([1, 2, 3].map((i) => stageRelease(alpha, { distDir: build({ name: 'files', version: `4.${i}.0` }), actor: '' })));
      const dataReleases = await Promise.all([1, 2, 3].map((i) => stageRelease(beta, { distDir: build({ name: 'data', version: `4.${i}.0` }), actor: '' })));
      const before = (await readRegistryState(alpha)).revision;
      // Each promote in a connection of its own, all at once: every one commits on top of the others.
      await Promise.all([
        ...filesReleases.map((r) => promoteRelease(as(alphaCi), 'files', r.version, '')),
        ...dataReleases.map((r) => promoteRelease(as(betaCi), 'data', r.version, '')),
      ]);
      const after = await readRegistryState(alpha);
      expect(after.revision).toBe(before + 6);
      expect(filesReleases.map((r) => r.version)).toContain(after.registry.remotes.files!.version);
      expect(dataReleases.map((r) => r.version)).toContain(after.registry.remotes.data!.version);
      betaLive = after.registry.remotes.data!.version;
    });

    it('revoking a credential stops it at once, though its access token is still valid', async () => {
      const token = await teamToken(alice.connection, 'alpha', 'short-lived');
      const connection = await credentialConnection(emulator, token);
      const staged = await stageRelease(as(connection), { distDir: build({ name: 'files', version: '5.0.0' }), actor: '' });
      await revokeCredential(alice.connection, 'alpha', 'short-lived');
      expect(await refusal(promoteRelease(as(connection), 'files', staged.version, ''))).toMatch(
        /^DEPLOY-018 The credential short-lived of team alpha was revoked at .* by alice-\S+@example\.com\. A member of team alpha or a platform owner makes a new one/,
      );
      const upload = await connection.client.storage.from(ENVIRONMENT).upload('remotes/files/5.0.1+00000000/remoteEntry.js', new Blob(['x']));
      expect((upload.error as { statusCode?: string } | null)?.statusCode).toBe('403');
      expect(await refusal(credentialConnection(emulator, token))).toMatch(/^DEPLOY-018 The project refused the team credential in PORTAL_DEPLOY_TOKEN/);
      const log = await readAuditLog(owner.connection, { environment: ENVIRONMENT, limit: 5 });
      expect(log.find((entry) => entry.action === 'credential revoke')).toMatchObject({ actor: alice.email, change: 'credential short-lived of team alpha revoked' });
    });

    it('a person of the team publishes as themselves, and a platform owner moves a remote and its route', async () => {
      const staged = await stageRelease(as(alice.connection), { distDir: build({ name: 'files', version: '6.0.0' }), actor: '' });
      await promoteRelease(as(alice.connection), 'files', staged.version, 'by hand');
      const [latest] = await readAuditLog(bob.connection, { environment: ENVIRONMENT, remote: 'files', limit: 1 });
      expect(latest).toMatchObject({ actor: alice.email, note: 'by hand', action: 'promote' });
      // The platform owner gives files to beta and a new route, its live entry following.
      await assignRemote(owner.connection, 'files', 'beta');
      const moved = await routeRemote(owner.connection, 'files', '/documents', as(owner.connection), 'rename');
      expect(moved).toMatchObject({ from: '/files' });
      expect((await registry()).remotes.files).toMatchObject({ version: staged.version });
      expect(((await registry()).remotes.files as { route?: string }).route).toBe('/documents');
      expect(await refusal(rollbackRemote(as(alphaCi), 'files', ''))).toMatch(/^DEPLOY-015 files belongs to team beta/);
      await assignRemote(owner.connection, 'files', 'alpha');
    });

    it('a person with a second factor acts only with a session that used it', async () => {
      const person = await newPerson(emulator, 'carol');
      await addMember(owner.connection, 'alpha', person.email);
      const client = await signedInClient(emulator, person);
      const secret = await enrolTotp(client);
      const connectionOf = async (accessToken: string): Promise<ProjectConnection> => ({
        projectUrl: emulator.apiUrl,
        anonKey: alice.connection.anonKey,
        client: projectClient(emulator.apiUrl, alice.connection.anonKey, accessToken),
        accessToken,
        via: 'session',
      });
      // A new sign-in with the password alone is aal1.
      const aal1 = await signedInClient(emulator, person);
      const aal1Token = (await aal1.auth.getSession()).data.session!.access_token;
      const withoutFactor = as(await connectionOf(aal1Token));
      expect(await refusal(stageRelease(withoutFactor, { distDir: build({ name: 'files', version: '7.0.0' }), actor: '' }))).toMatch(
        new RegExp(`^DEPLOY-017 ${person.email.replace(/[.+]/g, '\\$&')} has a second factor: sign in with it to publish or change anything\\. portal-deploy login asks for its code`),
      );
      const upload = await withoutFactor.connection.client.storage.from(ENVIRONMENT).upload('remotes/files/7.0.0+00000000/remoteEntry.js', new Blob(['x']));
      expect((upload.error as { statusCode?: string } | null)?.statusCode).toBe('403');
      const factor = (await aal1.auth.mfa.listFactors()).data!.totp[0]!;
      await aal1.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpCode(secret) });
      const aal2 = as(await connectionOf((await aal1.auth.getSession()).data.session!.access_token));
      expect((await stageRelease(aal2, { distDir: build({ name: 'files', version: '7.0.0' }), actor: '' })).copied).toBe(true);
    });
  });
}