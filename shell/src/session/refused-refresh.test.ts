import { watchRefreshRefusals } from './refused-refresh.js';

const API = 'http://127.0.0.1:54321';
const REFRESH = `${API}/auth/v1/token?grant_type=refresh_token`;
const refreshInit = (token: string): RequestInit => ({ method: 'POST', body: JSON.stringify({ refresh_token: token }) });
const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch answering every request with `answer`, wrapped; returns the refused tokens heard. */
function watched(answer: () => Response) {
  const refused: string[] = [];
  const fetch = watchRefreshRefusals(async () => answer(), (token) => refused.push(token));
  return { fetch, refused };
}

describe('refused refreshes', () => {
  it.each([
    ['refresh_token_not_found', { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' }],
    ['session_not_found', { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' }],
    ['refresh_token_already_used (legacy body)', { code: 400, error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' }],
  ])('are heard when the session is gone: %s', async (_, body) => {
    const { fetch, refused } = watched(() => json(400, body));
    const response = await fetch(REFRESH, refreshInit('r-1'));
    expect(refused).toEqual(['r-1']);
    // auth-js still reads the answer.
    await expect(response.json()).resolves.toEqual(body);
  });

  it('are not heard when the session may still be good: rate limited, a server fault, an answer without a code', async () => {
    for (const answer of [
      () => json(429, { code: 'over_request_rate_limit', message: 'Request rate limit reached' }),
      () => json(500, { code: 'unexpected_failure', message: 'boom' }),
      () => json(503, { code: 'session_not_found', message: 'a proxy in the way' }),
      () => new Response('Bad gateway', { status: 400 }),
    ]) {
      const { fetch, refused } = watched(answer);
      await fetch(REFRESH, refreshInit('r-1'));
      expect(refused).toEqual([]);
    }
  });

  it('only follow the refresh grant: a sign-in refused or a REST call refused is not a session ending', async () => {
    const { fetch, refused } = watched(() => json(400, { code: 'refresh_token_not_found', message: 'x' }));
    await fetch(`${API}/auth/v1/token?grant_type=password`, { method: 'POST', body: JSON.stringify({ email: 'a@example.com', password: 'x' }) });
    await fetch(`${API}/rest/v1/tasks?select=*`);
    await fetch(REFRESH, { method: 'GET' });
    expect(refused).toEqual([]);
  });

  it('pass successful refreshes through untouched', async () => {
    const { fetch, refused } = watched(() => json(200, { access_token: 'a', refresh_token: 'r-2' }));
    const response = await fetch(REFRESH, refreshInit('r-1'));
    expect(refused).toEqual([]);
    await expect(response.json()).resolves.toEqual({ access_token: 'a', refresh_token: 'r-2' });
  });
});
