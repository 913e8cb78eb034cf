// POST /token?grant_type=web3 — GoTrue's Web3Grant: a wallet's signed sign-in message (SIWE or
// SIWS) signs in the user of its `web3` identity, created on first use; refusals in GoTrue's
// words and order (docs/compatibility.md#auth-web3-sign-in).
import { createHash } from 'node:crypto';
import { base64urlnopad } from '@scure/base';
import { z } from 'zod';
import type { Queryable } from '../../../db/database.js';
import { createOAuthUser } from '../../users/accounts.js';
import { clientInfo, type AuthContext } from '../../context.js';
import { fail, OAuthError } from '../../errors.js';
import { findIdentity } from '../../identities/identities.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { isRedirectAllowed } from '../../request/redirects.js';
import { startSession } from '../../sessions/sessions.js';
import type { AuthSettings } from '../../settings.js';
import { isBanned, reloadUser, type UserRow } from '../../users/users.js';
import { optionalString } from '../../request/validation.js';
import {
  parseSignInMessage,
  SignInMessageError,
  type SignInMessage,
  type Web3Chain,
} from '../../identities/web3-messages.js';

const Web3Body = z
  .object({ chain: optionalString, message: optionalString, signature: optionalString })
  .loose();

const CHAIN_NAMES: Record<Web3Chain, string> = { ethereum: 'Ethereum', solana: 'Solana' };

function invalidGrant(description: string): never {
  throw new OAuthError('invalid_grant', description);
}

/**
 * GoTrue's length checks, then the signature in the chain's encoding. The curve libraries are
 * loaded on the first Web3 sign-in, not at the emulator's start.
 */
function checkSignature(
  chain: Web3Chain,
  message: string,
  signature: string,
): (parsed: SignInMessage) => Promise<boolean> {
  if (message.length < 64) fail('validation_failed', 'message is too short');
  if (message.length > 20 * 1024) fail('validation_failed', 'message must not exceed 20KB');
  if (chain === 'ethereum') {
    if (signature.replace(/^0x/, '').length !== 130) {
      fail(
        'validation_failed',
        'signature must be 65 bytes long, encoded as a 130 character-long hexadecimal string',
      );
    }
    return async (parsed) => {
      const { isEthereumSignatureOf } = await import('../../identities/web3-signatures.js');
      return isEthereumSignatureOf(parsed.raw, signature, parsed.address);
    };
  }
  if (signature.length !== 86 && signature.length !== 88) {
    fail(
      'validation_failed',
      'signature must be 64 bytes encoded as base64 with or without padding',
    );
  }
  let bytes: Uint8Array;
  try {
    // supabase-js sends base64url; GoTrue also takes standard base64, padded or not.
    bytes = base64urlnopad.decode(
      signature.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'),
    );
  } catch {
    fail('validation_failed', 'signature does not contain valid base64 characters');
  }
  return async (parsed) => {
    const { isSolanaSignatureOf } = await import('../../identities/web3-signatures.js');
    return isSolanaSignatureOf(parsed.raw, bytes, parsed.address);
  };
}

/** The URI, domain and time checks GoTrue makes once the signature is known to be good. */
function checkMessageFor(settings: AuthSettings, parsed: SignInMessage, now: Date): void {
  const name = CHAIN_NAMES[parsed.chain];
  const { uri } = parsed;
  if (uri.protocol !== 'https:' && uri.hostname !== 'localhost') {
    invalidGrant(`Signed ${name} message is using URI which does not use HTTPS`);
  }
  if (!isRedirectAllowed(uri.href, settings)) {
    invalidGrant(
      `Signed ${name} message is using URI which is not allowed on this server, message was signed for another app`,
    );
  }
  if (
    uri.hostname !== 'localhost' &&
    (uri.host !== parsed.domain || !isRedirectAllowed(`https://${parsed.domain}/`, settings))
  ) {
    invalidGrant(
      `Signed ${name} message is using a Domain that does not match the one in URI which is not allowed on this server`,
    );
  }
  if (parsed.notBefore && now < parsed.notBefore) {
    invalidGrant(`Signed ${name} message becomes valid in the future`);
  }
  // GoTrue checks an Ethereum message's Expiration Time only when it also has Not Before; the
  // emulator always checks it, as it does for Solana.
  if (parsed.expirationTime && now > parsed.expirationTime) {
    invalidGrant(`Signed ${name} message is expired`);
  }
  const validity = settings.web3.maximumValidityMs;
  if (now.getTime() > parsed.issuedAt.getTime() + validity) {
    invalidGrant(`${name} message was issued too long ago`);
  }
  if (now.getTime() < parsed.issuedAt.getTime() - validity) {
    invalidGrant(`${name} message was issued too far in the future`);
  }
}

/**
 * Each message signs in once, and so does each nonce of an address: a replay inside the
 * validity window is refused (GoTrue relies on the window alone). Kept in the database so a
 * restart does not reopen the window.
 */
async function spendMessage(
  tx: Queryable,
  parsed: SignInMessage,
  usableUntil: Date,
): Promise<void> {
  const key = parsed.nonce
    ? `nonce:${parsed.chain}:${parsed.address}:${parsed.nonce}`
    : `message:${createHash('sha256').update(parsed.raw).digest('hex')}`;
  await tx.query('delete from auth.web3_spent_messages where usable_until < now()');
  const { rows } = await tx.query(
    `insert into auth.web3_spent_messages (key, usable_until) values ($1, $2)
     on conflict (key) do nothing returning key`,
    [key, usableUntil],
  );
  if (rows.length === 0) {
    invalidGrant(`Signed ${CHAIN_NAMES[parsed.chain]} message has already been used to sign in`);
  }
}

/** GoTrue's identity data for a wallet: the claims' `sub` plus the message's facts as custom claims. */
function walletIdentityData(parsed: SignInMessage, providerId: string): Record<string, unknown> {
  return {
    sub: providerId,
    custom_claims: {
      address: parsed.address,
      chain: parsed.chain,
      network: parsed.chainId ?? '',
      domain: parsed.domain,
      statement: parsed.statement ?? (parsed.chain === 'ethereum' ? null : ''),
    },
    email_verified: false,
    phone_verified: false,
  };
}

async function walletUser(
  tx: Queryable,
  settings: AuthSettings,
  parsed: SignInMessage,
): Promise<UserRow> {
  const providerId = `web3:${parsed.chain}:${parsed.address}`;
  const data = walletIdentityData(parsed, providerId);
  const existing = await findIdentity(tx, 'web3', providerId);
  if (existing) {
    await tx.query(
      `update auth.identities set identity_data = identity_data || $2::jsonb, last_sign_in_at = now(), updated_at = now()
       where id = $1`,
      [existing.id, JSON.stringify(data)],
    );
    return reloadUser(tx, existing.user_id);
  }
  if (!settings.signupEnabled) fail('signup_disabled');
  return createOAuthUser(tx, 'web3', providerId, data, null, false);
}

export async function web3Grant(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { settings } = ctx;
  if (!settings.web3.ethereum && !settings.web3.solana) fail('web3_provider_disabled');
  const body = await parseBody(c, Web3Body);
  const chain = body.chain;
  if (chain !== 'ethereum' && chain !== 'solana') fail('web3_unsupported_chain');
  if (!settings.web3[chain]) {
    fail('web3_provider_disabled', `${CHAIN_NAMES[chain]} Web3 provider is disabled`);
  }
  const message = body.message ?? '';
  const verify = checkSignature(chain, message, body.signature ?? '');
  let parsed: SignInMessage;
  try {
    parsed = parseSignInMessage(chain, message);
  } catch (error) {
    if (error instanceof SignInMessageError) fail('validation_failed', error.message);
    throw error;
  }
  if (!(await verify(parsed))) invalidGrant('Signature does not match address in message');
  checkMessageFor(settings, parsed, new Date());
  const usableUntil = new Date(
    Math.min(
      parsed.issuedAt.getTime() + settings.web3.maximumValidityMs,
      parsed.expirationTime?.getTime() ?? Infinity,
    ),
  );
  const session = await ctx.db.transaction(async (tx) => {
    await spendMessage(tx, parsed, usableUntil);
    const user = await walletUser(tx, settings, parsed);
    if (isBanned(user)) fail('user_banned');
    return startSession(tx, ctx, user, 'web3', clientInfo(c));
  });
  return json(c, session);
}
