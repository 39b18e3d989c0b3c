// `@roomkit/react/server`: for your backend (Node 20+, edge runtimes, Next.js route handlers). No 'use client',
// no React and no livekit-client here, so everything below is a plain value in server code.
export { RoomKitError, isRoomKitError } from '../core/RoomKitError.js';
export type { RoomKitErrorCode, RoomKitErrorOptions } from '../core/RoomKitError.js';
export { validateConnectionResponse } from '../core/connectionResponse.js';
export type { ValidatedConnection, ValidateConnectionResponseOptions } from '../core/connectionResponse.js';
export { DEFAULT_GRANTS } from '../core/defaultGrants.js';
export type { Grants, GrantName } from '../core/defaultGrants.js';
export { looksLikeApiKey } from '../core/token.js';
export type { TokenVideoGrant, TrackSourceName } from '../core/token.js';
export { createConnectionHandler } from './createConnectionHandler.js';
export type {
  ConnectionAuthenticateContext,
  ConnectionHandlerOptions,
  ConnectionParticipant,
  CreateRoomRequest,
  TokenGrants,
} from './createConnectionHandler.js';
export { toNodeListener } from './toNodeListener.js';
export type { NodeRequest, NodeResponse } from './toNodeListener.js';
