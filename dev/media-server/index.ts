export { startMediaServer, type MediaServer, type MediaServerOptions, type QualityName } from './server';
export { ControlError } from './control';
export type { PermissionPatch, PermissionState } from './grants';
export type { ParticipantState, TrackState } from './participant';
export type { RoomState, ServerDataMessage } from './room';
export {
  DEFAULT_TOKEN_SECRET,
  TokenError,
  signAccessToken,
  verifyAccessToken,
  type AccessTokenClaims,
  type SignTokenInput,
  type TrackSourceName,
  type VideoGrant,
} from './token';
export { createConsoleLogger, type Logger, type LogLevel } from './log';
