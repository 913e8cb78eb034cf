import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMULATOR_DEFAULTS, loadRuntimeConfig } from './runtime-config.js';

let server: Server;
let served: unknown;
let origin: string;

beforeAll(async () => {
  server = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(served)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page the shell runs in: config.json's relative URLs resolve against it.
  Object.assign(globalThis, { location: { href: `${origin}/account` } });
});

afterAll(() => {
  server.close();
  Reflect.deleteProperty(globalThis, 'location');
});

const load = (body: unknown) => {
  served = body;
  return loadRuntimeConfig(`${origin}/config.json`);
};

describe('config.json', () => {
  it('fills what it leaves out with the emulator\'s defaults, the registry URL made absolute and origins reduced to origins', async () => {
    const config = await load({
      environment: 'prod',
      registryUrl: 'env/registry.json',
      allowedOrigins: ['https://cdn.example/', 'http://127.0.0.1:3001'],
      registryCheckSeconds: 60,
      devOrigins: ['http://127.0.0.1:3102/', 'http://localhost:3103'],
      unknownField: true,
    });
    expect(config).toEqual({
      ...EMULATOR_DEFAULTS,
      environment: 'prod',
      registryUrl: `${origin}/env/registry.json`,
      allowedOrigins: ['https://cdn.example', 'http://127.0.0.1:3001'],
      registryCheckSeconds: 60,
      devOrigins: ['http://127.0.0.1:3102', 'http://localhost:3103'],
    });
  });

  it('says every wrong field and why', async () => {
    const problem = load({
      supabaseUrl: 'localhost',
      supabaseAnonKey: 'short',
      signInPath: 'account/sign-in',
      environment: '',
      allowedOrigins: ['https://cdn.example/path'],
      registryCheckSeconds: 0,
      devOverrides: 'yes',
      devOrigins: ['https://dev.example'],
    });
    await expect(problem).rejects.toThrow(
      `${origin}/config.json is invalid: supabaseUrl must be a URL such as http://127.0.0.1:54321; supabaseAnonKey must be the project's anon key (a JWT or sb_publishable_… key); ` +
        'signInPath must be a path starting with /; environment must not be empty; allowedOrigins must be an origin such as https://cdn.example; registryCheckSeconds must be more than 0; devOverrides must be true or false; ' +
        'devOrigins must be an origin on this machine such as http://127.0.0.1:3102',
    );
    await expect(load({ registryCheckSeconds: 86_401, cookieDomain: 7 })).rejects.toThrow(/is invalid: cookieDomain must be a string; registryCheckSeconds must be at most 86400 \(a day\)$/);
    await expect(load(['not', 'an', 'object'])).rejects.toThrow(/is invalid: \(root\) must be an object$/);
  });

  it('refuses a cookie domain that covers the Supabase API\'s host', async () => {
    await expect(load({ supabaseUrl: 'https://api.portal.example', cookieDomain: 'portal.example' })).rejects.toThrow(
      /is invalid: cookieDomain portal\.example covers the Supabase API's host api\.portal\.example, where a file the API serves could read the session cookie$/,
    );
    await expect(load({ supabaseUrl: 'https://portal.example', cookieDomain: '.Portal.example' })).rejects.toThrow(/covers the Supabase API's host portal\.example/);
    await expect(load({ supabaseUrl: 'https://abc.supabase.co', cookieDomain: 'portal.example' })).resolves.toMatchObject({ cookieDomain: 'portal.example' });
  });
});
