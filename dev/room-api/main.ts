/**
 * Dev Room API, from the command line: `npx tsx dev/room-api/main.ts`.
 *
 * PORT (7881), ROOM_API_KEYS (`app1=lk_dev1.secret1,...`; none: one random key, printed once),
 * MEDIA_URL (ws://127.0.0.1:7880), ROOM_TOKEN_SECRET (HS256 secret, 32+ characters; random per run
 * unless production), ROOM_TOKEN_KEY_ID (the token `iss`, roomkit-dev), NODE_ENV, ENABLE_SWAGGER.
 * Listens on 127.0.0.1 only.
 */
import { startRoomApi } from './startRoomApi';

function readPort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(value)}.`);
  return port;
}

try {
  const env = process.env;
  const roomApi = await startRoomApi({
    port: readPort(env.PORT, 7881),
    keys: env.ROOM_API_KEYS ?? '',
    mediaUrl: env.MEDIA_URL || undefined,
    tokenSigningSecret: env.ROOM_TOKEN_SECRET || undefined,
    tokenSigningKeyId: env.ROOM_TOKEN_KEY_ID || undefined,
    production: env.NODE_ENV === 'production',
    enableSwagger: env.ENABLE_SWAGGER === 'true',
  });
  console.info(`Room API listening on ${roomApi.baseUrl}`);
  const stop = () => void roomApi.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`Room API failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
