/**
 * The grants a connection token can carry, as the Room API's token request takes them. A grant left out gets
 * the media server's default (publish, subscribe and data allowed; hidden, admin and record not), so give each
 * role every grant it must not have as `false`.
 */
export interface TokenGrants {
  /** May publish camera, microphone and screen. */
  canPublish?: boolean;
  /** May receive the others' media. */
  canSubscribe?: boolean;
  /** May send data messages and chat. */
  canPublishData?: boolean;
  /** Joins invisibly (no tile, not listed). */
  hidden?: boolean;
  /** May mute and remove participants and change their permissions. */
  roomAdmin?: boolean;
  /** May start and stop recording. */
  roomRecord?: boolean;
}
