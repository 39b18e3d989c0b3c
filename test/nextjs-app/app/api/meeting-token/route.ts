import { createConnectionHandler, isRoomKitError } from '@roomkit/react/server';
import { userFromRequest } from './session';

/** The token route: the Room API key and address come from ROOM_API_KEY and ROOM_API_URL on the server. */
export const POST = createConnectionHandler({
  authenticate: (request) => userFromRequest(request),
  createRoom: true,
  onError: (error) => {
    console.error(`[meeting-token] ${isRoomKitError(error) ? error.code : 'unexpected'}: ${error.message}`);
  },
});
