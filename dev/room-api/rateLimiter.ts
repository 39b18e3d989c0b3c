/** Token-bucket settings: `burst` requests at once, refilled at `ratePerSecond`. */
export interface RateLimitOptions {
  ratePerSecond: number;
  burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { ratePerSecond: 20, burst: 20 };

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Takes one request from `key`'s bucket. */
  take(key: string): RateDecision;
}

/**
 * A token bucket per key. `now` returns epoch milliseconds (inject a clock in tests).
 *
 * @throws {RangeError} unless `ratePerSecond` and `burst` are positive (`burst` at least 1).
 */
export function createRateLimiter(options: RateLimitOptions, now: () => number): RateLimiter {
  const { ratePerSecond, burst } = options;
  if (!(ratePerSecond > 0) || !Number.isFinite(ratePerSecond) || !(burst >= 1) || !Number.isFinite(burst)) {
    throw new RangeError(`Rate limit needs ratePerSecond > 0 and burst >= 1, got ${ratePerSecond} and ${burst}.`);
  }
  const buckets = new Map<string, { tokens: number; updatedAt: number }>();
  return {
    take(key) {
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: burst, updatedAt: time };
      const elapsedSeconds = Math.max(0, time - bucket.updatedAt) / 1000;
      bucket.tokens = Math.min(burst, bucket.tokens + elapsedSeconds * ratePerSecond);
      bucket.updatedAt = time;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)) };
    },
  };
}
