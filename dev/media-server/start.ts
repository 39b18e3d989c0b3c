import { handleControlRequest } from './control';
import { createMediaServer, type MediaServer, type MediaServerOptions } from './server';

/**
 * Starts the RoomKit dev media server: LiveKit's `/rtc/v1` signalling with WebRTC through werift, token
 * verification, grant enforcement and a control API for tests.
 */
export async function startMediaServer(options: MediaServerOptions = {}): Promise<MediaServer> {
  const server = createMediaServer(options, handleControlRequest);
  await server.start();
  return server;
}
