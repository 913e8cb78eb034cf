// `/_emulator/v1`: where `portal-emulator` commands reach a running emulator (an emulator
// extra; the Supabase CLI talks to its containers instead). Service role only: these
// commands drop the database, dump it and write files on this machine.
import { Hono } from 'hono';
import type { GatewayEnv } from '../http/gateway-env.js';
import type { Service, ServiceContext } from '../http/service.js';
import { CommandArgsError, isCommandName, runCommand, type CommandContext } from './registry.js';
import { COMMANDS_MOUNT } from './running.js';

export function commandsService(context: ServiceContext): Service {
  const commandContext: CommandContext = {
    db: context.db,
    config: context.config,
    mailbox: context.mailbox,
    seedServices: context.seedServices,
  };

  const app = new Hono<GatewayEnv>();
  app.post('/commands/:name', async (c) => {
    const bearer = c.get('bearer');
    if (!bearer) return c.json({ message: 'This needs the service_role key (or the secret key).' }, 401);
    const verified = await context.keys.verify(bearer);
    if (!verified.ok) return c.json({ message: `Invalid key: ${verified.message}` }, 401);
    if (verified.claims.role !== 'service_role') {
      return c.json({ message: 'Only the service_role key (or the secret key) may run emulator commands.' }, 403);
    }
    const name = c.req.param('name');
    if (!isCommandName(name)) return c.json({ message: `No emulator command named ${JSON.stringify(name)}.` }, 404);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ message: 'The body must be a JSON object of the command\'s arguments.' }, 400);
    }
    try {
      context.log(`command ${name}`);
      return c.json(await runCommand(name, commandContext, body));
    } catch (error) {
      if (error instanceof CommandArgsError) return c.json({ message: error.message }, 400);
      console.error(`emulator command ${name} failed:`, error);
      return c.json({ message: `${name} failed: ${(error as Error).message}` }, 500);
    }
  });
  return { mount: COMMANDS_MOUNT, app };
}
