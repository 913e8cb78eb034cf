import { crossOriginWriteProblem } from './same-origin-writes.js';

const OWN = 'http://127.0.0.1:54323';

describe("the console's same-origin writes", () => {
  it("takes writes from the console's own page, and from clients that are no page", () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(crossOriginWriteProblem(method, OWN, { origin: OWN, secFetchSite: 'same-origin' })).toBeNull();
      expect(crossOriginWriteProblem(method, OWN, { origin: OWN })).toBeNull();
      expect(crossOriginWriteProblem(method, OWN, {})).toBeNull();
    }
  });

  it('refuses a write from another port, another host name or an opaque origin', () => {
    for (const origin of ['http://127.0.0.1:54321', 'http://localhost:54323', 'https://127.0.0.1:54323', 'null', 'https://evil.example']) {
      expect(crossOriginWriteProblem('POST', OWN, { origin })).toMatch(/only from its own page/);
    }
    for (const secFetchSite of ['same-site', 'cross-site', 'none']) {
      expect(crossOriginWriteProblem('DELETE', OWN, { origin: OWN, secFetchSite })).toContain(secFetchSite);
    }
  });

  it('leaves reads alone', () => {
    expect(crossOriginWriteProblem('GET', OWN, { origin: 'https://evil.example', secFetchSite: 'cross-site' })).toBeNull();
  });
});
