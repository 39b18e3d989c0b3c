/**
 * Example customer backend, from the command line: `npx tsx dev/customer-backend/main.ts`.
 *
 * PORT (7882), ROOM_API_URL (http://127.0.0.1:7881/api/v1), ROOM_API_KEY (required, `lk_<id>.<secret>`),
 * ROOM_MEDIA_URL (ws://127.0.0.1:7880, the media server room actions go to). Listens on 127.0.0.1 only.
 */
import { startCustomerBackend } from './startCustomerBackend';

try {
  const port = Number(process.env.PORT || 7882);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer from 0 to 65535, got ${process.env.PORT}.`);
  const backend = await startCustomerBackend({
    roomApiUrl: process.env.ROOM_API_URL || 'http://127.0.0.1:7881/api/v1',
    apiKey: process.env.ROOM_API_KEY ?? '',
    mediaUrl: process.env.ROOM_MEDIA_URL || 'ws://127.0.0.1:7880',
    port,
  });
  console.info(`Customer backend listening on ${backend.url} (POST /api/meeting-token, POST /api/room-actions, GET /api/health)`);
  const stop = () => void backend.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`Customer backend failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
