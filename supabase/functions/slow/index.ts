/**
 * Sends a few ticks one after another, to watch an answer arrive bit by bit or a call that takes
 * long.
 *
 * slow: a server-sent event stream, to try streaming responses and timeouts.
 *
 * GET /slow?count=5&interval=200  (or POST { "count": 5, "interval": 200 })
 * → text/event-stream:  event: tick  data: {"n":1,"count":5,"at":"…"}   (count times, interval ms apart)
 *                       event: done  data: {"count":5}
 *
 * count: 1–100 (default 5); interval: 0–10 000 ms (default 200). The stream stops early
 * when the caller goes away.
 */
import { corsHeaders, methodNotAllowed, preflight, problem } from '../_shared/http.ts';

interface Pace {
  count: number;
  interval: number;
}

function whole(value: unknown, fallback: number, min: number, max: number): number | null {
  if (value === undefined || value === null || value === '') return fallback;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : null;
}

async function paceFrom(request: Request): Promise<Pace | Response> {
  let source: Record<string, unknown> = Object.fromEntries(new URL(request.url).searchParams);
  if (request.method === 'POST') {
    try {
      const text = await request.text();
      if (text.trim()) source = { ...source, ...(JSON.parse(text) as Record<string, unknown>) };
    } catch {
      return problem(
        400,
        'invalid_json',
        'Send { "count": 5, "interval": 200 } as JSON, or use query parameters.',
      );
    }
  }
  const count = whole(source.count, 5, 1, 100);
  const interval = whole(source.interval, 200, 0, 10_000);
  if (count === null)
    return problem(400, 'invalid_count', 'count must be a whole number from 1 to 100.');
  if (interval === null)
    return problem(
      400,
      'invalid_interval',
      'interval must be a whole number of milliseconds from 0 to 10000.',
    );
  return { count, interval };
}

function event(name: string, data: unknown): Uint8Array {
  return new TextEncoder().encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'GET' && request.method !== 'POST')
    return methodNotAllowed(request.method, ['GET', 'POST']);
  const pace = await paceFrom(request);
  if (pace instanceof Response) return pace;
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent > 0)
        await new Promise<void>((resolve) => (timer = setTimeout(resolve, pace.interval)));
      sent += 1;
      controller.enqueue(
        event('tick', { n: sent, count: pace.count, at: new Date().toISOString() }),
      );
      if (sent === pace.count) {
        controller.enqueue(event('done', { count: pace.count }));
        controller.close();
      }
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return new Response(body, {
    headers: { ...corsHeaders, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
  });
});
