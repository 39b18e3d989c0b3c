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

const server = await startMediaServer({
  port,
  logger: createConsoleLogger(logLevel),
  ...(iceHosts && iceHosts.length > 0 ? { iceHosts } : {}),
});
process.stdout.write(`RoomKit dev media server on ${server.url} (control: ${server.controlUrl ?? 'off'})\n`);

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
