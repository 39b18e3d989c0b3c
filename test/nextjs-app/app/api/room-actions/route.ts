import { createRoomActionsHandler, isRoomKitError } from '@roomkit/react/server';

// The room actions route on the edge runtime: no Node module in it (WebCrypto signs the server tokens).
export const runtime = 'edge';

/** The Room API key and the media server come from ROOM_API_KEY and ROOM_MEDIA_URL on the server. */
export const POST = createRoomActionsHandler({
  onError: (error) => {
    console.error(`[room-actions] ${isRoomKitError(error) ? error.code : 'unexpected'}: ${error.message}`);
  },
});
