// Helpers for the realtime integration specs: awaiting what a channel receives (events,
// never sleeps), subscribing with the official client, and minting user JWTs.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { JWT_SECRET } from '../harness.js';

interface Waiter<T> {
  predicate: (item: T) => boolean;
  resolve: (item: T) => void;
}

/** Everything a listener received, in order; `next` waits for the first unclaimed match. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private readonly waiters = new Set<Waiter<T>>();
  readonly received: T[] = [];

  readonly push = (item: T): void => {
    this.received.push(item);
    for (const waiter of this.waiters) {
      if (waiter.predicate(item)) {
        this.waiters.delete(waiter);
        waiter.resolve(item);
        return;
      }
    }
    this.items.push(item);
  };

  next(
    predicate: (item: T) => boolean = () => true,
    what = 'a message',
    timeoutMs = 10_000,
  ): Promise<T> {
    const index = this.items.findIndex(predicate);
    if (index >= 0) return Promise.resolve(this.items.splice(index, 1)[0]!);
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = {
        predicate,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(
            `no ${what} within ${timeoutMs} ms; received: ${JSON.stringify(this.received).slice(0, 2000)}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}

export type SubscribeOutcome = { status: string; error?: Error };

/** Subscribes and resolves with the first definite status (SUBSCRIBED, CHANNEL_ERROR, …). */
export function subscribeOutcome(
  channel: RealtimeChannel,
  timeoutMs = 15_000,
): Promise<SubscribeOutcome> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${channel.topic}: no subscribe status in ${timeoutMs} ms`)),
      timeoutMs,
    );
    let settled = false;
    channel.subscribe((status, error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, error });
    });
  });
}

export async function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  const outcome = await subscribeOutcome(channel);
  if (outcome.status !== 'SUBSCRIBED') {
    throw new Error(`${channel.topic}: ${outcome.status} ${outcome.error?.message ?? ''}`);
  }
  return channel;
}

/** Every status the channel goes through (SUBSCRIBED, CLOSED, CHANNEL_ERROR …). */
export function watchStatuses(channel: RealtimeChannel): Inbox<SubscribeOutcome> {
  const inbox = new Inbox<SubscribeOutcome>();
  channel.subscribe((status, error) => inbox.push({ status, error }));
  return inbox;
}

export interface UserToken {
  sub: string;
  role?: string;
  expiresInSeconds?: number;
  claims?: Record<string, unknown>;
}

/** A user access token as the auth service would sign it (harness JWT secret). */
export async function mintToken({
  sub,
  role = 'authenticated',
  expiresInSeconds = 3600,
  claims = {},
}: UserToken): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role, aud: 'authenticated', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(JWT_SECRET));
}
