import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { WindowCounter } from '../../lib/window-counter';

/**
 * @fastify/rate-limit's documented custom-store interface over our window counter, so its limits
 * count where the others do: Redis shared by every process, falling back to memory (decision 023).
 */
export function windowCounterStore(counter: WindowCounter): FastifyRateLimitStoreCtor {
  class WindowCounterStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'http:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counter.hit(this.prefix + key, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /**
     * A route's own limit (`config.rateLimit`) counts apart from the global one, as the plugin's
     * Redis store does it: the route is in the key. `createRateLimit` limits have no route and
     * tell their keys apart themselves.
     */
    child(routeOptions: unknown) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const scope = route?.url === undefined ? '' : `${String(route.method)}${String(route.url)}-`;
      return new WindowCounterStore(routeOptions, `${this.prefix}${scope}`);
    }
  }
  return WindowCounterStore;
}
