import { createConsoleLogger, type LogLevel } from './log';
import { startMediaServer } from './start';

const LEVELS: readonly LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];

const port = Number(process.env.PORT ?? 7880);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT must be a TCP port number, got ${JSON.stringify(process.env.PORT)}\n`);
  process.exit(1);
}
const requestedLevel = process.env.LOG_LEVEL as LogLevel | undefined;
const logLevel = requestedLevel && LEVELS.includes(requestedLevel) ? requestedLevel : 'info';
const iceHosts = process.env.ICE_HOSTS?.split(',').map((h) => h.trim()).filter(Boolean);
const egressChromium = process.env.EGRESS_CHROMIUM;

let server: Awaited<ReturnType<typeof startMediaServer>>;
try {
  server = await startMediaServer({
    port,
    logger: createConsoleLogger(logLevel),
    ...(iceHosts && iceHosts.length > 0 ? { iceHosts } : {}),
    // the dev Room API's keys: one key store, so a server token signed with any of them reaches LiveKit's server API
    apiKeys: process.env.ROOM_API_KEYS ?? '',
    ...(process.env.ROOM_TOKEN_KEY_ID ? { tokenKeyId: process.env.ROOM_TOKEN_KEY_ID } : {}),
    ...(egressChromium ? { egressChromium: egressChromium === 'off' ? false : egressChromium } : {}),
    // open-source LiveKit's MoveParticipant answers `unimplemented`; MOVE_PARTICIPANT=off behaves so
    moveParticipant: process.env.MOVE_PARTICIPANT !== 'off',
  });
} catch (error) {
  process.stderr.write(`media-server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
process.stdout.write(
  `RoomKit dev media server on ${server.url}: LiveKit's server API on ${server.httpUrl}/twirp (control: ${server.controlUrl ?? 'off'})\n`,
);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
