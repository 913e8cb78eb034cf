import path from 'node:path';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';
import { describePrivileges } from '../../test/db/privileges.suite.js';

describePrivileges('grants and default privileges across restarts (PGlite)');

describe("the portal's own project across a restart", () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({
      copySupabaseDir: path.resolve(__dirname, '../../../supabase'),
      reuseSeeded: true,
    });
  }, 150_000);

  afterAll(() => emulator?.stop(), 60_000);

  async function anonCalls(fn: string, args: Record<string, unknown>): Promise<number> {
    const response = await fetch(`${emulator.apiUrl}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    await response.body?.cancel();
    return response.status;
  }

  it('keeps project_role and shares_project_with out of anon reach', async () => {
    const calls = async () => [
      await anonCalls('project_role', { p_project_id: 1 }),
      await anonCalls('shares_project_with', { p_user_id: '00000000-0000-0000-0000-000000000000' }),
    ];
    expect(await calls()).toEqual([401, 401]);
    await emulator.restart();
    expect(await calls()).toEqual([401, 401]);
  }, 150_000);
});
