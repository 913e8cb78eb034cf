// The Mailpit-compatible API (GET /api/v1/messages, GET /api/v1/message/{id},
// DELETE /api/v1/messages, GET /api/v1/search?query=to:…) and a plain page listing mails
// with their links and codes.
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { Mailbox, StoredMail } from './mailbox.js';

function summary(mail: StoredMail) {
  return {
    ID: mail.ID,
    MessageID: mail.MessageID,
    Read: mail.Read,
    From: mail.From,
    To: mail.To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: mail.Subject,
    Created: mail.Created,
    Tags: [],
    Size: Buffer.byteLength(mail.Text) + Buffer.byteLength(mail.HTML),
    Attachments: 0,
    Snippet: mail.Text.slice(0, 250),
  };
}

function listing(mails: StoredMail[], start: number, limit: number) {
  const slice = mails.slice(start, start + limit);
  return {
    total: mails.length,
    unread: mails.filter((m) => !m.Read).length,
    count: slice.length,
    messages_count: mails.length,
    start,
    tags: [],
    messages: slice.map(summary),
  };
}

const paging = z.object({
  start: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().positive().max(1000).default(50),
});

export function mailApp(mailbox: Mailbox): Hono {
  const app = new Hono();
  app.get('/api/v1/messages', (c) => {
    const { start, limit } = paging.parse(c.req.query());
    return c.json(listing(mailbox.list(), start, limit));
  });
  app.get('/api/v1/search', (c) => {
    const { start, limit } = paging.parse(c.req.query());
    const query = c.req.query('query') ?? '';
    const to = /(?:^|\s)to:"?([^\s"]+)"?/i.exec(query)?.[1];
    const text = query.replace(/(?:^|\s)to:"?[^\s"]+"?/i, '').trim().toLowerCase();
    const mails = mailbox
      .list(to ? { to } : undefined)
      .filter((m) => !text || `${m.Subject}\n${m.Text}`.toLowerCase().includes(text));
    return c.json(listing(mails, start, limit));
  });
  app.get('/api/v1/message/:id', (c) => {
    const mail = mailbox.get(c.req.param('id'));
    if (!mail) return c.json({ error: 'message not found' }, 404);
    mail.Read = true;
    return c.json({
      ...summary(mail),
      ReturnPath: mail.From.Address,
      Date: mail.Created,
      Text: mail.Text,
      HTML: mail.HTML,
      Inline: [],
      Attachments: [],
      ListUnsubscribe: {},
    });
  });
  app.delete('/api/v1/messages', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { IDs?: unknown };
    const ids = Array.isArray(body.IDs) ? body.IDs.filter((i): i is string => typeof i === 'string') : [];
    mailbox.delete(ids);
    return c.text('ok');
  });
  app.get('/', (c) => {
    // Hono's `html` escapes every value (a subject, an address, a link) and takes only its own
    // templates as HTML.
    const rows = mailbox.list().map(
      (m) => html`<article><h2>${m.Subject}</h2>
<p>To ${m.To.map((a) => a.Address).join(', ')} · ${m.Created}</p>
${m.codes.map((code) => html`<p>Code: <code>${code}</code></p>`)}
${m.links.map((link) => html`<p><a href="${link}">${link}</a></p>`)}
<pre>${m.Text}</pre></article>
`,
    );
    // A page of its own for a phone too (the viewport, a link of 200 characters broken anywhere),
    // in the reader's colour scheme, its content in a main landmark.
    return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">
<style>html{background:Canvas;color:CanvasText}body{font:15px system-ui;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap}a,pre{overflow-wrap:anywhere}@media (prefers-color-scheme: dark){a{color:#93c5fd}}</style>
</head><body><main><h1>Mailbox</h1>${rows.length > 0 ? rows : html`<p>No mail yet.</p>`}</main></body></html>`);
  });
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.notFound((c) => c.json({ error: 'not found' }, 404));
  app.onError((error, c) => c.json({ error: error.message }, 400));
  return app;
}
