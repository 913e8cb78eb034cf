// `GET /functions/v1/_logs/<name>` against a real emulator process: a function's console lines,
// each tagged with the invocation and the user who made it; a person reads only their own.
import {
  ANON_KEY,
  SERVICE_ROLE_KEY,
  startTestEmulator,
  type TestEmulator,
} from '../../test/harness.js';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({
    files: {
      'functions/chatty/index.ts': `
        console.log('loading chatty');
        Deno.serve(async (req: Request) => {
          const { word } = await req.json();
          console.log('heard', word);
          setTimeout(() => console.warn('later', word), 20);
          return Response.json({ word });
        });`,
    },
  });
});

afterAll(async () => {
  await emulator?.stop();
});

async function signedIn(email: string) {
  const client = emulator.client();
  const { data, error } = await client.auth.signUp({ email, password: 'correct-horse-42' });
  if (error) throw error;
  return { client, token: data.session!.access_token };
}

interface Line {
  seq: number;
  level: string;
  text: string;
  invocation: string | null;
  sub: string | null;
}

async function readLogs(
  token: string | null,
  name = 'chatty',
): Promise<{ status: number; body: { lines?: Line[]; code?: string; msg?: string } }> {
  const response = await fetch(`${emulator.apiUrl}/functions/v1/_logs/${name}`, {
    headers: { apikey: SERVICE_ROLE_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, body: (await response.json()) as { lines?: Line[] } };
}

/** Waits for the lines a function writes after answering (its timers), polling the endpoint. */
async function linesUntil(token: string, done: (lines: Line[]) => boolean): Promise<Line[]> {
  for (;;) {
    const { body } = await readLogs(token);
    if (done(body.lines ?? [])) return body.lines!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('gives each signed-in person the lines of their own invocations, and the service role all', async () => {
  const ada = await signedIn('ada-logs@example.com');
  const bob = await signedIn('bob-logs@example.com');
  expect(
    (await ada.client.functions.invoke('chatty', { body: { word: 'apple' } })).error,
  ).toBeNull();
  expect(
    (await bob.client.functions.invoke('chatty', { body: { word: 'banana' } })).error,
  ).toBeNull();

  const adaLines = await linesUntil(ada.token, (lines) => lines.length === 2);
  expect(adaLines.map((l) => [l.level, l.text])).toEqual([
    ['log', 'heard apple'],
    ['warn', 'later apple'],
  ]);
  // The timer's line belongs to the invocation that started it.
  expect(new Set(adaLines.map((l) => l.invocation)).size).toBe(1);
  expect(adaLines[0]!.invocation).toMatch(/^[0-9a-f-]{36}$/);

  const bobLines = await linesUntil(bob.token, (lines) => lines.length === 2);
  expect(bobLines.map((l) => l.text)).toEqual(['heard banana', 'later banana']);

  const all = await linesUntil(SERVICE_ROLE_KEY, (lines) => lines.length === 5);
  expect(all.map((l) => l.text)).toEqual(
    expect.arrayContaining(['loading chatty', 'heard apple', 'heard banana']),
  );
  expect(all.find((l) => l.text === 'loading chatty')).toMatchObject({
    invocation: null,
    sub: null,
  });
});

it('refuses callers who are neither a user nor the service role', async () => {
  expect(await readLogs(null)).toEqual({
    status: 401,
    body: { msg: 'Missing authorization header' },
  });
  const anon = await readLogs(ANON_KEY);
  expect(anon.status).toBe(403);
  expect(anon.body.code).toBe('FORBIDDEN');
  expect((await readLogs('not-a-jwt')).body).toEqual({ msg: 'Invalid JWT' });
  expect((await readLogs(SERVICE_ROLE_KEY, 'nope')).status).toBe(404);
});
