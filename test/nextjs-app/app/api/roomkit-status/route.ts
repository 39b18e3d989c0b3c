import { createConnectionHandler, isRoomKitError } from '@roomkit/react/server';

export const dynamic = 'force-dynamic';

/** A health check: is the token route configured? Creating a handler with explicit values checks them at once. */
export function GET(): Response {
  try {
    createConnectionHandler({
      apiKey: process.env.ROOM_API_KEY ?? '',
      roomApiUrl: process.env.ROOM_API_URL ?? '',
      authenticate: () => null,
    });
    return Response.json({ configured: true }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (!isRoomKitError(error)) throw error;
    return Response.json({ configured: false, code: error.code, message: error.message }, { status: 500, headers: { 'Cache-Control': 'no-store' } });
  }
}
