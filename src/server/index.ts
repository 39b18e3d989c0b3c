// `@roomkit/react/server`: for your backend (Node 20+, edge runtimes, Next.js route handlers). No 'use client',
// no React and no livekit-client here, so everything below is a plain value in server code.
export { RoomKitError, isRoomKitError } from '../room/RoomKitError.js';
export type { RoomKitErrorCode, RoomKitErrorOptions } from '../room/RoomKitError.js';
export { validateConnectionResponse } from '../room/connection/connectionResponse.js';
export type { ValidatedConnection, ValidateConnectionResponseOptions } from '../room/connection/connectionResponse.js';
export { DEFAULT_GRANTS } from '../room/state/defaultGrants.js';
export type { Grants, GrantName } from '../room/state/defaultGrants.js';
export { looksLikeApiKey } from '../room/connection/token.js';
export type { TokenVideoGrant, TrackSourceName } from '../room/connection/token.js';
export { createConnectionHandler } from './createConnectionHandler.js';
export type {
  ConnectionAuthenticateContext,
  ConnectionHandlerOptions,
  ConnectionParticipant,
  CreateRoomRequest,
  TokenGrants,
} from './createConnectionHandler.js';
export { createRoomActionsHandler } from './createRoomActionsHandler.js';
export type { RoomActionsAuthorizeContext, RoomActionsCaller, RoomActionsHandlerOptions } from './createRoomActionsHandler.js';
export type { RecordingOptions, RecordingOutput } from './performRoomAction.js';
export { grantFor } from '../room/connection/roomAction.js';
export type { BreakoutRoomRequest, BreakoutsInfo, RoomAction, RoomActionResult, RoomActionType } from '../room/connection/roomAction.js';
export { createBreakoutStore } from './breakouts.js';
export type { BreakoutPlan, BreakoutRoom, BreakoutStore, BreakoutStoreOptions } from './breakouts.js';
export { createWaitingRoomStore } from './waitingRoom.js';
export type { WaitingRoomEntry, WaitingRoomStore, WaitingRoomStoreOptions } from './waitingRoom.js';
export { toNodeListener } from './toNodeListener.js';
export type { NodeRequest, NodeResponse } from './toNodeListener.js';
