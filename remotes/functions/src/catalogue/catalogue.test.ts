import * as z from 'zod/mini';
import { loadCatalogue } from './catalogue.js';

const LISTING = 'http://127.0.0.1:54321/functions/v1/';
const DEPLOYED = 'http://127.0.0.1:3005/1.0.0/functions.json';

/** Answers each URL with its document (null: missing or unreadable, as the remote's fetch does). */
const documents = (byUrl: Record<string, unknown>) => async (url: string) => byUrl[url] ?? null;

describe('loadCatalogue', () => {
  it('reads the API\'s listing first, and fills in what an entry leaves out', async () => {
    const catalogue = await loadCatalogue(LISTING, DEPLOYED, documents({ [LISTING]: { functions: [{ name: 'hello', verify_jwt: true, description: null }] } }));
    expect(catalogue).toEqual({ source: 'listing', functions: [{ name: 'hello', verify_jwt: true, description: null, examples: [] }] });
  });

  it('falls back to the catalogue deployed with the remote when the API lists none', async () => {
    const deployed = { functions: [{ name: 'echo', verify_jwt: false, description: 'Says it back', examples: [{ title: 'Hi', method: 'POST', path: '/x', json: { a: 1 } }] }] };
    await expect(loadCatalogue(LISTING, DEPLOYED, documents({ [DEPLOYED]: deployed }))).resolves.toEqual({ source: 'deployed', functions: deployed.functions });
  });

  it('says in words what is wrong with the deployed catalogue, and where', async () => {
    await expect(loadCatalogue(LISTING, DEPLOYED, documents({}))).rejects.toThrow(
      `Neither the API's function listing (${LISTING}) nor the deployed catalogue (${DEPLOYED}) could be read: ✖ Invalid input: expected object, received null`,
    );
    const wrong = { functions: [{ name: '', verify_jwt: true, description: null, examples: [{ title: 'Hi', path: 'no-slash', extra: 1 }] }] };
    const message = await loadCatalogue(LISTING, DEPLOYED, documents({ [DEPLOYED]: wrong })).then(
      () => 'read',
      (thrown: unknown) => (thrown as Error).message,
    );
    expect(message).toContain('Too small: expected string to have >=1 characters\n  → at functions[0].name');
    expect(message).toContain('Unrecognized key: "extra"\n  → at functions[0].examples[0]');
    expect(message).toContain('Invalid string: must start with "/"\n  → at functions[0].examples[0].path');
  });

  it('words its messages without setting zod\'s page-wide config, which the shell and every remote share', async () => {
    await loadCatalogue(LISTING, DEPLOYED, documents({})).catch(() => undefined);
    expect(z.config().localeError).toBeUndefined();
  });
});
