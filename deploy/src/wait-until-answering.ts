/** Resolves once every URL answers with a 2xx (polling each briefly); rejects after `timeoutMs`. */
export async function waitUntilAnswering(urls: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    for (;;) {
      const ok = await fetch(url, { cache: 'no-store' }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000}s.`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
