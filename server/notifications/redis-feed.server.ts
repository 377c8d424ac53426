import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

import type { Redis } from "ioredis";
import { z } from "zod";

import type { Logger } from "../logger.server";
import { closeRedis } from "../redis-close.server";
import { channelRouter, holdOwnership } from "../redis-lock.server";
import { notificationSchema } from "../upstream/notifications.server";
import type { BridgeEvent, MemberFeed, MemberFeedFactory } from "./bridge.server";

/**
 * Notification sockets across app instances, as prices are shared (server/prices/redis-feed.server.ts):
 * for each member with a tab on this instance it subscribes to the member's channel, and the one
 * instance that holds the member's lock (SET NX with a TTL, renewed while it has tabs) runs the real
 * socket with its freshest jwt and publishes what it hears. Every instance, the owner included, hands
 * its tabs what arrives on the channel, so a member has one upstream socket for the whole cluster.
 * The owner repeats its connection state at each renewal, so an instance that joins learns it. When
 * the owner's tabs leave it releases the lock; when it dies the lock expires; an instance still
 * interested takes over within `retryMs` (+ `lockTtlMs`). Announcements (a read in one tab) go on the
 * same channel, so they reach the member's tabs on every instance.
 */
export interface RedisMemberFeedOptions {
  /** Connection for commands (SET, EVAL, PUBLISH). */
  publisher: Redis;
  /** Connection in subscriber mode; not used for anything else. */
  subscriber: Redis;
  log: Logger;
  instanceId?: string;
  keyPrefix?: string;
  /** Lock lifetime; renewed every `retryMs`. Default 6 s. */
  lockTtlMs?: number;
  /** How often an instance renews its lock or tries to take a free one. Default 2 s. */
  retryMs?: number;
}

export interface RedisMemberFeeds {
  /** Wraps the real socket factory: the returned factory shares each member's socket through Redis. */
  feeds(upstream: MemberFeedFactory): MemberFeedFactory;
  announce(memberId: string, event: Extract<BridgeEvent, { kind: "count" }>): void;
  close(): Promise<void>;
}

const messageSchema = z.discriminatedUnion("t", [
  z.object({ t: z.literal("n"), n: notificationSchema }),
  z.object({ t: z.literal("o"), online: z.boolean() }),
  z.object({ t: z.literal("c"), to: z.number().int().min(0) }),
]);
type ChannelMessage = z.input<typeof messageSchema>;

const toMessage = (event: BridgeEvent): ChannelMessage =>
  event.kind === "notification"
    ? { t: "n", n: event.notification }
    : event.kind === "connection"
      ? { t: "o", online: event.online }
      : { t: "c", to: event.to };

export function redisMemberFeeds(options: RedisMemberFeedOptions): RedisMemberFeeds {
  const { publisher, subscriber } = options;
  const prefix = options.keyPrefix ?? "portal:notifications";
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const lockTtlMs = options.lockTtlMs ?? 6_000;
  const retryMs = options.retryMs ?? 2_000;
  const log = options.log.child({ component: "notification-redis", instanceId });
  const router = channelRouter(subscriber, log);
  const open = new Set<MemberFeed>();
  // Member ids are hashed into keys by nobody else: keep them as they are, they are not personal data.
  const channelOf = (memberId: string) => `${prefix}:events:${memberId}`;

  const publish = (memberId: string, message: ChannelMessage) => {
    publisher
      .publish(channelOf(memberId), JSON.stringify(message))
      .catch((error: Error) => log.warn({ err: error.message }, "notification publish failed"));
  };

  function feeds(upstream: MemberFeedFactory): MemberFeedFactory {
    return (memberId, firstJwt, emit) => {
      const channel = channelOf(memberId);
      const lockKey = `${prefix}:owner:${memberId}`;
      let jwt = firstJwt;
      let owned: MemberFeed | null = null;
      let ownOnline = false;
      let closed = false;

      const route = (raw: string) => {
        const parsed = messageSchema.safeParse(
          (() => {
            try {
              return JSON.parse(raw) as unknown;
            } catch {
              return null;
            }
          })(),
        );
        if (!parsed.success) {
          log.warn("bad notification message on Redis skipped");
          return;
        }
        const message = parsed.data;
        if (message.t === "n") emit({ kind: "notification", notification: message.n });
        else if (message.t === "o") emit({ kind: "connection", online: message.online });
        else emit({ kind: "count", to: message.to });
      };
      const stopListening = router.listen(channel, route);

      const ownership = holdOwnership({
        publisher,
        lockKey,
        instanceId,
        lockTtlMs,
        retryMs,
        log,
        own() {
          log.info("notification socket owner");
          owned = upstream(memberId, jwt, (event) => {
            if (event.kind === "connection") ownOnline = event.online;
            publish(memberId, toMessage(event));
          });
        },
        disown() {
          owned?.close();
          owned = null;
          ownOnline = false;
        },
        // Instances that joined since learn the socket's state.
        renewed: () => publish(memberId, { t: "o", online: ownOnline }),
      });

      const feed: MemberFeed = {
        setJwt(token) {
          jwt = token;
          owned?.setJwt(token);
        },
        wake() {
          owned?.wake();
        },
        close() {
          if (closed) return;
          closed = true;
          open.delete(feed);
          stopListening();
          ownership.close();
        },
      };
      open.add(feed);
      return feed;
    };
  }

  return {
    feeds,
    announce(memberId, event) {
      publish(memberId, { t: "c", to: event.to });
    },
    async close() {
      for (const feed of [...open]) feed.close();
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
