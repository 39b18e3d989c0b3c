import type { Logger } from './log';

/** What every room and participant of one server shares. */
export interface ServerContext {
  readonly iceHosts: readonly string[];
  readonly logger: Logger;
  readonly serverVersion: string;
  /** Seconds between client pings, sent in the JoinResponse. */
  readonly pingInterval: number;
  /** Seconds of signalling silence after which either side gives up. */
  readonly pingTimeout: number;
}
