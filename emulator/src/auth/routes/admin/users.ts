// The admin API (service_role or supabase_admin tokens): users CRUD with GoTrue's paging
// headers, invites, generate_link, and a user's MFA factors (docs/compatibility.md#auth-endpoints).
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../../../db/database.js';
import type { GatewayEnv } from '../../../http/gateway-env.js';
import { createEmailUser } from '../../users/accounts.js';
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { factorsOf, findFactor, toFactorJson } from '../../factors/factors.js';
import { requireAdmin } from '../../request/guard.js';
import { requestedPage } from '../../request/pagination.js';
import { findUserByPhone, validatePhone } from '../../users/phone.js';
import { json, parseBody, route, type AuthRequest } from '../../request/http.js';
import type { MailKind } from '../../messaging/mail-templates.js';
import { checkPasswordStrength, hashPassword, weakPasswordError } from '../../users/passwords.js';
import { resolveRedirect } from '../../request/redirects.js';
import { parseDurationMs } from '../../settings.js';
import { downgradeSessions } from '../factors/factors.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isEmailConfirmed,
  isUuid,
  mergeMetadata,
  reloadUser,
  USER_COLUMNS,
  userJson,
  type UserRow,
} from '../../users/users.js';
import {
  checkPasswordLength,
  optionalBoolean,
  optionalObject,
  optionalString,
  validateEmail,
} from '../../request/validation.js';
import { insertIdentity } from '../../identities/identities.js';

const UserBody = z
  .object({
    email: optionalString,
    phone: optionalString,
    password: optionalString,
    password_hash: optionalString,
    email_confirm: optionalBoolean,
    phone_confirm: optionalBoolean,
    user_metadata: optionalObject,
    data: optionalObject,
    app_metadata: optionalObject,
    role: optionalString,
    ban_duration: optionalString,
    id: optionalString,
  })
  .loose();

const DeleteBody = z.object({ should_soft_delete: optionalBoolean }).loose();

const LinkBody = z
  .object({
    type: optionalString,
    email: optionalString,
    password: optionalString,
    data: optionalObject,
    new_email: optionalString,
    redirect_to: optionalString,
  })
  .loose();

const InviteBody = z.object({ email: optionalString, data: optionalObject }).loose();

function banUntil(duration: string | null | undefined): Date | null | undefined {
  if (duration === undefined || duration === null || duration === '') return undefined;
  if (duration === 'none') return null;
  const ms = parseDurationMs(duration);
  if (ms === null) fail('validation_failed', `invalid format for ban duration: ${duration}`);
  if (ms > 1000 * 365 * 24 * 3_600_000)
    fail('validation_failed', `ban duration is too long: ${duration}`);
  return new Date(Date.now() + ms);
}

function checkPasswordHash(hash: string): void {
  if (!/^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)) {
    fail(
      'validation_failed',
      'Invalid password hash format: only bcrypt hashes ($2a$, $2b$, $2y$) are supported',
    );
  }
}

export function adminRoutes(app: Hono<GatewayEnv>, ctx: AuthContext): void {
  const { db, keys, settings, mailer } = ctx;

  async function loadUser(c: AuthRequest, tx: Queryable = db): Promise<UserRow> {
    const id = c.req.param('id') ?? '';
    if (!isUuid(id)) fail('validation_failed', 'user_id must be an UUID', 404);
    const user = await findUserById(tx, id);
    if (!user) fail('user_not_found');
    return user;
  }

  app.post(
    '/admin/users',
    route(ctx.log, async (c) => {
      await requireAdmin(c, keys);
      const body = await parseBody(c, UserBody);
      // Numbers are stored as GoTrue stores them: digits without the leading '+'.
      if (body.phone) body.phone = validatePhone(body.phone);
      if (!body.email && !body.phone)
        fail('validation_failed', 'Cannot create a user without either an email or phone');
      const email = body.email ? validateEmail(body.email) : null;
      if (body.id && !isUuid(body.id)) fail('validation_failed', 'id must be a UUID');
      let passwordHash: string | null = null;
      if (body.password_hash) {
        checkPasswordHash(body.password_hash);
        passwordHash = body.password_hash;
      } else if (body.password) {
        checkPasswordLength(body.password);
        const weak = checkPasswordStrength(body.password, settings);
        if (weak) throw weakPasswordError(weak);
        passwordHash = await hashPassword(body.password, ctx.hasher);
      }
      const bannedUntil = banUntil(body.ban_duration);
      const created = await db.transaction(async (tx) => {
        if (email && (await findUserByEmail(tx, email))) fail('email_exists');
        if (body.id && (await findUserById(tx, body.id))) {
          fail('validation_failed', `A user with id ${body.id} already exists`, 422);
        }
        if (body.phone) {
          const { rows } = await tx.query('select 1 from auth.users where phone = $1', [
            body.phone,
          ]);
          if (rows.length) fail('phone_exists');
        }
        const userMetadata = body.user_metadata ?? body.data ?? {};
        let user: UserRow;
        if (email) {
          user = await createEmailUser(tx, {
            ...(body.id ? { id: body.id } : {}),
            email,
            passwordHash,
            userMetadata,
            confirmed: body.email_confirm === true,
            appMetadata: body.app_metadata ?? {},
            role: body.role ?? 'authenticated',
            phone: body.phone ?? null,
            phoneConfirmed: body.phone_confirm === true,
            bannedUntil: bannedUntil ?? null,
          });
        } else {
          user = await insertUser(tx, {
            ...(body.id ? { id: body.id } : {}),
            email: null,
            phone: body.phone!,
            passwordHash,
            appMetadata: { provider: 'phone', providers: ['phone'], ...(body.app_metadata ?? {}) },
            userMetadata,
            role: body.role ?? 'authenticated',
            phoneConfirmed: body.phone_confirm === true,
            bannedUntil: bannedUntil ?? null,
          });
          await insertIdentity(tx, {
            userId: user.id,
            provider: 'phone',
            providerId: user.id,
            data: {
              sub: user.id,
              phone: body.phone,
              email_verified: false,
              phone_verified: body.phone_confirm === true,
            },
            signedIn: false,
          });
        }
        return userJson(tx, await reloadUser(tx, user.id));
      });
      return json(c, created);
    }),
  );

  app.get(
    '/admin/users',
    route(ctx.log, async (c) => {
      await requireAdmin(c, keys);
      const { page, perPage } = requestedPage(c.req.query());
      const filter = c.req.query('filter') ?? '';
      const where = filter
        ? `where aud = 'authenticated' and (email ilike $3 or raw_user_meta_data->>'full_name' ilike $3)`
        : `where aud = 'authenticated'`;
      const params: unknown[] = [perPage, (page - 1) * perPage];
      if (filter) params.push(`%${filter.replace(/[%_\\]/g, '\\$&')}%`);
      const users = await db.transaction(async (tx) => {
        const { rows } = await tx.query<UserRow>(
          `select ${USER_COLUMNS} from auth.users ${where} order by created_at desc, id limit $1 offset $2`,
          params,
        );
        const list = [];
        for (const row of rows) list.push(await userJson(tx, row));
        const count = await tx.query<{ n: number }>(
          `select count(*)::int as n from auth.users ${where.replaceAll('$3', '$1')}`,
          filter ? [params[2]] : [],
        );
        return { list, total: count.rows[0]?.n ?? 0 };
      });
      const lastPage = Math.max(1, Math.ceil(users.total / perPage));
      const base = `${settings.apiUrl}/auth/v1/admin/users`;
      const links: string[] = [];
      // The client reads the page number right after the first '=', so `page` comes first.
      if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
      links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
      c.header('X-Total-Count', String(users.total));
      if (users.total > 0) c.header('Link', links.join(', '));
      return json(c, { users: users.list, aud: 'authenticated' });
    }),
  );

  app.get(
    '/admin/users/:id',
    route(ctx.log, async (c) => {
      await requireAdmin(c, keys);
      const user = await loadUser(c);
      return json(c, await userJson(db, user));
    }),
  );

  app.put(
    '/admin/users/:id',
    route(ctx.log, async (c) => {
      await requireAdmin(c, keys);
      const existing = await loadUser(c);
      const body = await parseBody(c, UserBody);
      // Numbers are stored as GoTrue stores them: digits without the leading '+'.
      if (body.phone) body.phone = validatePhone(body.phone);
      const email = body.email ? validateEmail(body.email) : null;
      let passwordHash: string | null = null;
      if (body.password_hash) {
        checkPasswordHash(body.password_hash);
        passwordHash = body.password_hash;
      } else if (body.password) {
        checkPasswordLength(body.password);
        const weak = checkPasswordStrength(body.password, settings);
        if (weak) throw weakPasswordError(weak);
        passwordHash = await hashPassword(body.password, ctx.hasher);
      }
      const bannedUntil = banUntil(body.ban_duration);
      const updated = await db.transaction(async (tx) => {
        const user = (await findUserById(tx, existing.id, true))!;
        if (email && email !== (user.email ?? '').toLowerCase()) {
          const other = await findUserByEmail(tx, email);
          if (other && other.id !== user.id) fail('email_exists');
          await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [
            user.id,
            email,
          ]);
          await tx.query(
            `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
             where user_id = $1 and provider = 'email'`,
            [user.id, email],
          );
        }
        if (body.phone !== undefined && body.phone !== null) {
          if (body.phone) {
            const other = await findUserByPhone(tx, body.phone);
            if (other && other.id !== user.id) fail('phone_exists');
          }
          await tx.query(
            "update auth.users set phone = nullif($2, ''), updated_at = now() where id = $1",
            [user.id, body.phone],
          );
        }
        if (passwordHash) {
          await tx.query(
            'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
            [user.id, passwordHash],
          );
        }
        if (body.email_confirm === true) {
          await tx.query(
            'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1',
            [user.id],
          );
        }
        if (body.phone_confirm === true) {
          await tx.query(
            'update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()) where id = $1',
            [user.id],
          );
        }
        const userMetadata = body.user_metadata ?? body.data;
        if (userMetadata) {
          await tx.query(
            'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1',
            [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata))],
          );
        }
        if (body.app_metadata) {
          await tx.query(
            'update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1',
            [user.id, JSON.stringify(mergeMetadata(user.raw_app_meta_data, body.app_metadata))],
          );
        }
        if (body.role)
          await tx.query('update auth.users set role = $2, updated_at = now() where id = $1', [
            user.id,
            body.role,
          ]);
        if (bannedUntil !== undefined) {
          await tx.query(
            'update auth.users set banned_until = $2, updated_at = now() where id = $1',
            [user.id, bannedUntil],
          );
          // A ban ends the user's sessions, as GoTrue's does.
          if (bannedUntil)
            await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
        }
        return userJson(tx, await reloadUser(tx, user.id));
      });
      return json(c, updated);
    }),
  );

  app.delete(
    '/admin/users/:id',
    route(ctx.log, async (c) => {
      await requireAdmin(c, keys);
      const user = await loadUser(c);
      // The body is optional here; when present it follows the same rules as every other body.
      const hasBody =
        Number(c.req.header('content-length') ?? '0') > 0 ||
        c.req.header('transfer-encoding') !== undefined;
      const soft = hasBody ? (await parseBody(c, DeleteBody)).should_soft_delete === true : false;
      await db.transaction(async (tx) => {
        if (!soft) {
          await tx.query('delete from auth.users where id = $1', [user.id]);
          return;
        }
        // GoTrue's soft delete: obfuscate the addresses, drop identities, factors and sessions.
        await tx.query(
          `update auth.users set deleted_at = now(), updated_at = now(), encrypted_password = '',
             email = case when email is null then null else 'deleted-' || id || '@deleted.invalid' end,
             phone = null, raw_app_meta_data = '{}', raw_user_meta_data = '{}'
           where id = $1`,
          [user.id],
        );
        await tx.query('delete from auth.identities where user_id = $1', [user.id]);
        await tx.query('delete from auth.mfa_factors where user_id = $1', [user.id]);
        await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
      });
      return json(c, {});
    }),
  );

  app.get(
    '/admin/users/:id/factors',
    route(ctx.log, async (c) => {
      await requireAdmin(c, keys);
      const user = await loadUser(c);
      return json(c, (await factorsOf(db, user.id)).map(toFactorJson));
    }),
  );

  app.delete(
    '/admin/users/:id/factors/:factorId',
    route(ctx.log, async (c) => {
      await requireAdmin(c, keys);
      const user = await loadUser(c);
      const factor = await findFactor(db, c.req.param('factorId') ?? '');
      if (!factor || factor.user_id !== user.id) fail('mfa_factor_not_found', 'Factor not found');
      await db.transaction(async (tx) => {
        await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
        await downgradeSessions(tx, factor.id);
      });
      return json(c, toFactorJson(factor));
    }),
  );

  app.post(
    '/invite',
    route(ctx.log, async (c) => {
      await requireAdmin(c, keys);
      const body = await parseBody(c, InviteBody);
      const email = validateEmail(body.email);
      const redirectTo = resolveRedirect(c.req.query('redirect_to'), settings);
      const user = await db.transaction(async (tx) => {
        let user = await findUserByEmail(tx, email);
        if (user && isEmailConfirmed(user)) fail('email_exists');
        user ??= await createEmailUser(tx, {
          email,
          passwordHash: null,
          userMetadata: body.data ?? {},
          confirmed: false,
          invited: true,
        });
        await tx.query(
          'update auth.users set invited_at = coalesce(invited_at, now()) where id = $1',
          [user.id],
        );
        await mailer.send(tx, {
          kind: 'invite',
          user,
          to: email,
          redirectTo,
          skipFrequencyCheck: true,
        });
        return userJson(tx, await reloadUser(tx, user.id));
      });
      return json(c, user);
    }),
  );

  app.post(
    '/admin/generate_link',
    route(ctx.log, async (c) => {
      await requireAdmin(c, keys);
      const body = await parseBody(c, LinkBody);
      const type = body.type ?? '';
      const kinds: Record<string, MailKind> = {
        signup: 'confirmation',
        invite: 'invite',
        magiclink: 'magiclink',
        recovery: 'recovery',
        email_change_current: 'email_change',
        email_change_new: 'email_change',
      };
      const kind = kinds[type];
      if (!kind) {
        fail(
          'validation_failed',
          'Invalid type: use signup, invite, magiclink, recovery, email_change_current or email_change_new',
        );
      }
      const email = validateEmail(body.email);
      const redirectTo = resolveRedirect(body.redirect_to ?? c.req.query('redirect_to'), settings);
      let passwordHash: string | null = null;
      if (type === 'signup') {
        if (!body.password) fail('validation_failed', 'Signup requires a valid password', 422);
        checkPasswordLength(body.password);
        const weak = checkPasswordStrength(body.password, settings);
        if (weak) throw weakPasswordError(weak);
        passwordHash = await hashPassword(body.password, ctx.hasher);
      }
      const newEmail = type.startsWith('email_change') ? validateEmail(body.new_email) : null;
      const result = await db.transaction(async (tx) => {
        let user = await findUserByEmail(tx, email);
        if (type === 'signup' || type === 'invite') {
          if (user && isEmailConfirmed(user)) fail('email_exists');
          user ??= await createEmailUser(tx, {
            email,
            passwordHash,
            userMetadata: body.data ?? {},
            confirmed: false,
            invited: type === 'invite',
          });
        } else if (type === 'magiclink') {
          user ??= await createEmailUser(tx, {
            email,
            passwordHash: null,
            userMetadata: body.data ?? {},
            confirmed: false,
          });
        }
        if (!user) fail('user_not_found', 'User with this email not found');
        let to = email;
        if (newEmail) {
          const other = await findUserByEmail(tx, newEmail);
          if (other && other.id !== user.id) fail('email_exists');
          await tx.query(
            'update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1',
            [user.id, newEmail],
          );
          if (type === 'email_change_new') to = newEmail;
        }
        const prepared = await mailer.prepareToken(tx, {
          kind,
          user,
          to,
          redirectTo,
          ...(type === 'email_change_current'
            ? { tokenKind: 'email_change_token_current' as const }
            : {}),
        });
        return {
          ...(await userJson(tx, await reloadUser(tx, user.id))),
          action_link: prepared.link,
          email_otp: prepared.otp,
          hashed_token: prepared.hashedToken,
          verification_type: prepared.verificationType,
          redirect_to: redirectTo,
        };
      });
      return json(c, result);
    }),
  );
}
