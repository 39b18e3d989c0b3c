export { startRoomApi, DEFAULT_MEDIA_URL } from './startRoomApi';
export type { RoomApiHandle, RoomApiLogger, RoomApiOptions, RoomRecord } from './startRoomApi';
export { signToken, verifyToken, TokenVerificationError } from './accessToken';
export type { AccessTokenClaims, TokenVerificationErrorCode, VerifyTokenOptions, VideoGrantClaim } from './accessToken';
export { ApiKeyConfigError, parseApiKeys } from './apiKeys';
export type { ApiKeyEntry } from './apiKeys';
export type { RateLimitOptions } from './rateLimiter';
export type { TokenGrants } from './validation';
export { openApiDocument } from './openApiDocument';
