/**
 * End-to-end encryption, made by the app with {@link createEncryption} and given to `RoomProvider`'s `e2ee`:
 * livekit-client's frame encryption (media) and, with livekit-client 2.15+, its data-packet encryption (chat, text
 * streams, data). Nothing here is bundled by apps that do not call `createEncryption`.
 */
import { ExternalE2EEKeyProvider, KeyProviderEvent, RoomEvent, type BaseKeyProvider, type KeyInfo, type Room } from 'livekit-client';
import { createE2EEWorker } from './e2eeWorker.js';
import { monitorDecryption, type DecryptionMonitor } from './decryptionMonitor.js';
import { getEncryptionStore } from './encryptionStore.js';
import { encryptionSetups, type RoomEncryption } from '../room/connection/encryptionSetups.js';
import { RoomKitError } from '../room/RoomKitError.js';
import { detectEncryption, supportOf } from '../room/browserSupport.js';
import { showEncryptionOnTiles } from './encryptionOnTiles.js';

// Encryption in use: every tile shows its lock, and says when it cannot decrypt.
showEncryptionOnTiles();

export type { RoomEncryption };

/** What to encrypt with: a passphrase every participant shares, or your own livekit-client key provider. */
export type EncryptionOptions =
  | {
      /**
       * The shared secret; livekit-client derives the key with PBKDF2, as LiveKit's other SDKs do, so LiveKit's own
       * apps with the same passphrase join the same encrypted meeting.
       */
      passphrase: string;
      keyProvider?: never;
      /**
       * livekit-client's encryption worker. Default: RoomKit starts `livekit-client/e2ee-worker` from your app's own
       * copy of livekit-client, which production builds (Next.js, Vite) bundle with no configuration. Under `vite dev`
       * pass `new Worker(new URL('livekit-client/e2ee-worker', import.meta.url), { type: 'module' })` from your code.
       */
      worker?: Worker;
    }
  | {
      /** A livekit-client key provider you manage (per-participant keys, ratcheting, your own key exchange). */
      keyProvider: BaseKeyProvider;
      passphrase?: never;
      /** livekit-client's encryption worker (see above). */
      worker?: Worker;
    };

const unsupported = (message: string, cause?: unknown) => new RoomKitError('encryption-unsupported', message, cause === undefined ? {} : { cause });
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * End-to-end encryption for `RoomProvider`'s `e2ee` prop. Make it once (module scope, or `useState`) and pass it:
 * the session sets the key and turns encryption on before it joins, and never joins unencrypted. Where encryption
 * cannot run (a browser without encoded transforms, a worker that cannot start) it reports
 * `encryption-unsupported` and stays disconnected; media it cannot decrypt (another passphrase) is reported as
 * `decryption-failed` to `onError` and shown on that participant's tile.
 *
 * The worker needs no setup in production builds (Next.js, Vite); under `vite dev` pass `worker` (see
 * {@link EncryptionOptions}); under a Content-Security-Policy allow `worker-src 'self'`.
 *
 * @example
 * ```tsx
 * const e2ee = createEncryption({ passphrase: 'shared secret' });
 * <RoomProvider connection={connection} e2ee={e2ee} audio video>
 *   <VideoConference />
 * </RoomProvider>
 * ```
 */
export function createEncryption(options: EncryptionOptions): RoomEncryption {
  const own = options.keyProvider !== undefined;
  const keyProvider: BaseKeyProvider = options.keyProvider ?? new ExternalE2EEKeyProvider();
  let passphrase = options.passphrase;
  let worker: Worker | undefined;
  let workerFailure: RoomKitError | undefined;
  const watched = new Map<Room, DecryptionMonitor>();
  const encryption: RoomEncryption = {
    async setPassphrase(next) {
      if (own) throw new RoomKitError('bad-request', 'This encryption uses your own key provider: set its keys there, not a passphrase.');
      if (next === passphrase) return;
      passphrase = next;
      await (keyProvider as ExternalE2EEKeyProvider).setKey(next);
    },
  };
  // Any new key (a passphrase, or the app's own key provider): whoever this session could not decrypt is checked
  // again, stays marked until its frames decode, and is reported again once the media shows it on a key this one lacks.
  keyProvider.on(KeyProviderEvent.SetKey, (key: KeyInfo) =>
    watched.forEach((monitor, room) => monitor.keyChanged(key.participantIdentity === room.localParticipant.identity ? undefined : key.participantIdentity)),
  );
  /**
   * Until `room` disconnects: reports the worker's failure, and each time a participant's media cannot be decrypted
   * (first seen, or still so after a key change), to the app only (the session is fine); keeps the encryption store
   * listening, so a failure is known before any tile asks.
   */
  const watch = (room: Room, report: (error: RoomKitError, onlyApp?: boolean) => void) => {
    if (watched.has(room)) return;
    const store = getEncryptionStore(room);
    // The worker did not load (a blocked or missing script) or crashed: nothing is encrypted or decrypted any more.
    const onWorkerError = (event: ErrorEvent) =>
      report(unsupported(`End-to-end encryption stopped working: ${event.message || 'the worker script failed to load'}.`, event.error));
    const stopStore = store.subscribe(() => undefined);
    const monitor = monitorDecryption(room, (identity, cause) =>
      report(
        new RoomKitError(
          'decryption-failed',
          `Media from "${identity}" cannot be decrypted: it is encrypted with a key this session does not have. Check that every participant uses the same passphrase.`,
          { ...(cause ? { cause } : {}), details: { identity } },
        ),
        true,
      ),
    );
    const stop = () => {
      room.off(RoomEvent.Disconnected, stop);
      worker?.removeEventListener('error', onWorkerError);
      stopStore();
      monitor.stop();
      watched.delete(room);
    };
    room.on(RoomEvent.Disconnected, stop);
    worker?.addEventListener('error', onWorkerError);
    watched.set(room, monitor);
  };
  encryptionSetups.set(encryption, {
    roomOptions() {
      // livekit-client refuses encryption options where it cannot encrypt: the connect reports it instead.
      if (supportOf('encryption', detectEncryption) !== 'yes') return {};
      // Started with the Room (in the browser; a server render never joins, so a failure waits for the connect).
      try {
        worker ??= options.worker ?? createE2EEWorker();
      } catch (error) {
        workerFailure = unsupported(
          `The encryption worker could not start (${reason(error)}). Allow workers from your origin in the Content-Security-Policy (\`worker-src 'self'\`), or pass your own \`worker\` to createEncryption.`,
          error,
        );
        return {};
      }
      const e2ee = { keyProvider, worker };
      return { e2ee, encryption: e2ee };
    },
    async ready(room, ownRoom, report) {
      if (ownRoom) throw unsupported("`e2ee` sets up the Room RoomProvider creates; with your own `room`, give livekit-client's `encryption` option to that Room instead.");
      if (supportOf('encryption', detectEncryption, room) !== 'yes') {
        throw unsupported(
          'This browser cannot encrypt media end to end (it lacks encoded transforms: RTCRtpScriptTransform or insertable streams). Use a current Chromium, Firefox or Safari, or join without `e2ee`.',
        );
      }
      if (workerFailure) throw workerFailure;
      try {
        if (passphrase !== undefined) await (keyProvider as ExternalE2EEKeyProvider).setKey(passphrase);
        if (!room.isE2EEEnabled) await room.setE2EEEnabled(true);
      } catch (error) {
        throw unsupported(`End-to-end encryption could not be turned on: ${reason(error)}`, error);
      }
      watch(room, report);
    },
  });
  return encryption;
}
