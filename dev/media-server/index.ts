export { startMediaServer } from './start';
export type { MediaServer, MediaServerOptions } from './server';
export type { QualityName } from './rooms';
export { ControlError } from './errors';
export { TEMPLATE_LOAD_MS } from './egressBrowser';
export type { PermissionPatch, PermissionState } from './grants';
export type { ParticipantState } from './participant';
export type { TrackState } from './publication';
export type { ServerDataMessage } from './data';
export type { RoomState } from './room';
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
