// PKCE flow states (auth.flow_state): created when a flow starts with a code challenge,
// given an auth code when the user comes back, exchanged once by `grant_type=pkce`.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { fail } from '../errors.js';
import {
  isValidCodeChallenge,
  parseChallengeMethod,
  verifyPkce,
  type ChallengeMethod,
} from './secrets.js';

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: ChallengeMethod;
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  created_at: Date;
  authentication_method: string;
  auth_code_issued_at: Date | null;
}

const COLUMNS = `id, user_id, auth_code, code_challenge_method::text as code_challenge_method, code_challenge,
  provider_type, provider_access_token, provider_refresh_token, created_at, authentication_method, auth_code_issued_at`;

export interface PkceParams {
  challenge: string;
  method: ChallengeMethod;
}

/** GoTrue's validatePKCEParams: both or neither, and a well-formed challenge. */
export function pkceParams(challenge?: string | null, method?: string | null): PkceParams | null {
  if (!challenge && !method) return null;
  if (!challenge || !method)
    fail('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  const parsed = parseChallengeMethod(method);
  if (!parsed) fail('validation_failed', `code challenge method not supported: ${method}`);
  if (!isValidCodeChallenge(challenge)) {
    fail('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method: parsed };
}

/**
 * For a PKCE request, the flow state that the mailed link's /verify finishes with `?code=`;
 * nothing for an implicit-flow request.
 */
export async function startPkceFlow(
  tx: Queryable,
  pkce: PkceParams | null,
  flow: { providerType: string; authenticationMethod: string; userId: string },
): Promise<void> {
  if (pkce) await createFlowState(tx, { ...pkce, ...flow });
}

export async function createFlowState(
  tx: Queryable,
  flow: PkceParams & { providerType: string; authenticationMethod: string; userId: string | null },
): Promise<FlowStateRow> {
  const { rows } = await tx.query<FlowStateRow>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, now(), now(), $7)
     returning ${COLUMNS}`,
    [
      randomUUID(),
      flow.userId,
      randomUUID(),
      flow.method,
      flow.challenge,
      flow.providerType,
      flow.authenticationMethod,
    ],
  );
  return rows[0]!;
}

export async function findFlowState(tx: Queryable, id: string): Promise<FlowStateRow | null> {
  const { rows } = await tx.query<FlowStateRow>(
    `select ${COLUMNS} from auth.flow_state where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The newest flow of a user for an authentication method (email links carry no flow id). */
export async function latestFlowStateFor(
  tx: Queryable,
  userId: string,
  method: string,
): Promise<FlowStateRow | null> {
  const { rows } = await tx.query<FlowStateRow>(
    `select ${COLUMNS} from auth.flow_state where user_id = $1 and authentication_method = $2
     order by created_at desc limit 1`,
    [userId, method],
  );
  return rows[0] ?? null;
}

/** Marks the auth code as handed out and ties the flow to its user; answers the code. */
export async function issueAuthCode(
  tx: Queryable,
  flow: FlowStateRow,
  userId: string,
  providerTokens: { access?: string; refresh?: string } = {},
): Promise<string> {
  await tx.query(
    `update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now(),
       provider_access_token = coalesce($3, provider_access_token), provider_refresh_token = coalesce($4, provider_refresh_token)
     where id = $1`,
    [flow.id, userId, providerTokens.access ?? null, providerTokens.refresh ?? null],
  );
  return flow.auth_code;
}

export function isFlowExpired(flow: FlowStateRow, expirySeconds: number): boolean {
  const from = flow.auth_code_issued_at ?? flow.created_at;
  return new Date(from).getTime() + expirySeconds * 1000 < Date.now();
}

/** GoTrue's FlowState.VerifyPKCE. */
export function checkCodeVerifier(flow: FlowStateRow, verifier: string): void {
  if (verifier.length < 43 || verifier.length > 128) {
    fail(
      'bad_code_verifier',
      'code verifier should be at least 43 characters and at most 128 characters',
    );
  }
  if (!verifyPkce(verifier, flow.code_challenge, flow.code_challenge_method)) {
    fail('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
}

/**
 * Resolves an auth code to its flow (GoTrue's FindFlowStateByAuthCode). `forUpdate` locks the
 * row until the transaction ends: an exchange that deletes it is then the only one to see it.
 */
export async function flowByAuthCode(
  tx: Queryable,
  authCode: string,
  forUpdate = false,
): Promise<FlowStateRow | null> {
  const { rows } = await tx.query<FlowStateRow>(
    `select ${COLUMNS} from auth.flow_state where auth_code = $1${forUpdate ? ' for update' : ''}`,
    [authCode],
  );
  return rows[0] ?? null;
}
