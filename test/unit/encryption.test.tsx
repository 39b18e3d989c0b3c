import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ExternalE2EEKeyProvider, Room, RoomEvent, Track, type Participant } from 'livekit-client';
import type * as LiveKit from 'livekit-client';
import { Profiler } from 'react';
import { afterEach, vi } from 'vitest';
import {
  createEncryption,
  GridLayout,
  ParticipantTile,
  RoomProvider,
  useDecryptionFailed,
  useIsEncrypted,
  useRoom,
  VideoConference,
  type RoomKitError,
} from '../../src/index';
import { createTestRoom } from '../../src/testing/index';
import { makeToken } from '../helpers/jwt';
import { inBrowserWithWebRTC } from '../helpers/webrtc';

const URL = 'wss://media.example.com';

/** Rooms connect to nothing: each connect is recorded (livekit-client's `connect` is an instance field). */
const net = vi.hoisted(() => ({ order: [] as string[], connects: 0 }));
vi.mock('livekit-client', async (importOriginal) => {
  const lk = await importOriginal<typeof LiveKit>();
  class RecordingRoom extends lk.Room {
    constructor(options?: ConstructorParameters<typeof lk.Room>[0]) {
      super(options);
      this.connect = async () => {
        net.order.push('connect');
        net.connects += 1;
      };
    }
  }
  return { ...lk, Room: RecordingRoom };
});

/**
 * A stand-in for livekit-client's encryption worker: jsdom has no Worker. livekit-client's real E2EEManager talks to
 * it, so what reaches it is what a real worker would be asked to do.
 */
class FakeWorker extends EventTarget {
  readonly messages: Array<{ kind: string; data?: Record<string, unknown> }> = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: { kind: string; data?: Record<string, unknown> }) {
    this.messages.push(message);
  }
  terminate() {}
  kinds() {
    return this.messages.map((m) => m.kind);
  }
}

/** Makes livekit-client's `isE2EESupported()` true, as in a browser with RTCRtpScriptTransform. */
function encodedTransformsSupported() {
  (window as unknown as { RTCRtpScriptTransform?: unknown }).RTCRtpScriptTransform = class {};
}

afterEach(() => {
  cleanup();
  net.order = [];
  net.connects = 0;
  delete (window as unknown as { RTCRtpScriptTransform?: unknown }).RTCRtpScriptTransform;
  vi.restoreAllMocks();
});

inBrowserWithWebRTC();

describe('RoomProvider e2ee', () => {
  it('sets the passphrase and turns encryption on before it connects, and re-keys on a new passphrase without reconnecting', async () => {
    encodedTransformsSupported();
    const worker = new FakeWorker();
    const setKey = vi.spyOn(ExternalE2EEKeyProvider.prototype, 'setKey');
    const enable = vi.spyOn(Room.prototype, 'setE2EEEnabled').mockImplementation(async () => {
      net.order.push('enable');
    });
    const token = makeToken({ video: { roomJoin: true, room: 'r', canPublish: true } });
    const e2ee = createEncryption({ passphrase: 'correct horse', worker: worker as unknown as Worker });
    const errors: RoomKitError[] = [];
    let room: Room | undefined;
    function Probe() {
      room = useRoom();
      return null;
    }
    render(
      <RoomProvider token={token} url={URL} e2ee={e2ee} onError={(e) => errors.push(e)}>
        <Probe />
      </RoomProvider>,
    );
    await waitFor(() => expect(net.connects).toBe(1));
    expect(setKey).toHaveBeenCalledWith('correct horse');
    expect(net.order).toEqual(['enable', 'connect']);
    // livekit-client's E2EEManager runs on our worker: it was initialised with the key provider's options.
    expect(worker.kinds()).toContain('init');
    expect(enable).toHaveBeenCalledWith(true);

    // livekit-client's EncryptionError for a participant: reported once to onError, with who it is.
    const eve = { identity: 'eve', isLocal: false } as Participant;
    act(() => {
      room!.emit(RoomEvent.EncryptionError, new Error('InvalidKey'), eve);
      room!.emit(RoomEvent.EncryptionError, new Error('InvalidKey'), eve);
    });
    expect(errors.map((e) => [e.code, (e.details as { identity: string }).identity])).toEqual([['decryption-failed', 'eve']]);

    await act(() => e2ee.setPassphrase('battery staple'));
    expect(setKey).toHaveBeenLastCalledWith('battery staple');
    expect(net.connects).toBe(1);
    // After the re-key, livekit-client's errors alone report nothing more: its worker still reports frames that were in
    // flight when the key changed. Only Eve's media can say she stays on the old key (stalled reads,
    // encryptionStore.test.ts); she has none here.
    act(() => {
      room!.emit(RoomEvent.EncryptionError, new Error('InvalidKey'), eve);
      room!.emit(RoomEvent.EncryptionError, new Error('InvalidKey'), eve);
    });
    expect(errors.map((e) => [e.code, (e.details as { identity: string }).identity])).toEqual([['decryption-failed', 'eve']]);
    // An encryption with the app's own key provider is re-keyed there, not with a passphrase.
    await expect(createEncryption({ keyProvider: new ExternalE2EEKeyProvider() }).setPassphrase('x')).rejects.toMatchObject({ code: 'bad-request' });
  });

  it('never joins unencrypted: without encoded transforms it reports encryption-unsupported and stays disconnected, worded for people', async () => {
    const errors: RoomKitError[] = [];
    render(
      <RoomProvider
        token={makeToken({ video: { roomJoin: true, room: 'r' } })}
        url={URL}
        e2ee={createEncryption({ passphrase: 'x', worker: new FakeWorker() as unknown as Worker })}
        onError={(e) => errors.push(e)}
      >
        <VideoConference />
      </RoomProvider>,
    );
    await waitFor(() => expect(errors.map((e) => e.code)).toEqual(['encryption-unsupported']));
    expect(errors[0]!.message).toMatch(/encoded transforms/);
    expect(net.connects).toBe(0);
    expect(await screen.findByText(/this browser cannot encrypt/i)).toBeInTheDocument();
  });

  it('reports a worker that cannot start, and one that fails later, as encryption-unsupported', async () => {
    encodedTransformsSupported();
    // jsdom has no Worker: the default worker cannot start, as under a CSP without worker-src.
    const errors: RoomKitError[] = [];
    const token = makeToken({ video: { roomJoin: true, room: 'r' } });
    render(
      <RoomProvider token={token} url={URL} e2ee={createEncryption({ passphrase: 'x' })} onError={(e) => errors.push(e)}>
        <span />
      </RoomProvider>,
    );
    await waitFor(() => expect(errors.map((e) => e.code)).toEqual(['encryption-unsupported']));
    expect(errors[0]!.message).toMatch(/worker could not start/);
    expect(net.connects).toBe(0);
    cleanup();

    vi.spyOn(Room.prototype, 'setE2EEEnabled').mockResolvedValue(undefined);
    const worker = new FakeWorker();
    const later: RoomKitError[] = [];
    render(
      <RoomProvider token={token} url={URL} e2ee={createEncryption({ passphrase: 'x', worker: worker as unknown as Worker })} onError={(e) => later.push(e)}>
        <span />
      </RoomProvider>,
    );
    await waitFor(() => expect(net.connects).toBe(1));
    act(() => void worker.dispatchEvent(Object.assign(new Event('error'), { message: 'Failed to fetch worker script' })));
    expect(later.map((e) => e.code)).toEqual(['encryption-unsupported']);
    expect(later[0]!.message).toMatch(/Failed to fetch worker script/);
  });

  it('refuses e2ee with an app-made room (its options are the app’s), rather than join it unencrypted', async () => {
    const room = createTestRoom({ connectionState: 'disconnected' });
    const errors: RoomKitError[] = [];
    render(
      <RoomProvider room={room} token={makeToken({})} url={URL} e2ee={createEncryption({ passphrase: 'x' })} onError={(e) => errors.push(e)}>
        <span />
      </RoomProvider>,
    );
    await waitFor(() => expect(errors.map((e) => e.code)).toEqual(['encryption-unsupported']));
    expect(errors[0]!.message).toMatch(/own `room`/);
    expect(net.connects).toBe(0);
  });

  it('refuses an e2ee value createEncryption did not make (a plain { passphrase } from JavaScript) rather than join unencrypted', async () => {
    encodedTransformsSupported();
    const errors: RoomKitError[] = [];
    render(
      <RoomProvider
        token={makeToken({ video: { roomJoin: true, room: 'r' } })}
        url={URL}
        e2ee={{ passphrase: 'x' } as never}
        onError={(e) => errors.push(e)}
      >
        <span />
      </RoomProvider>,
    );
    await waitFor(() => expect(errors.map((e) => e.code)).toEqual(['encryption-unsupported']));
    expect(errors[0]!.message).toMatch(/createEncryption/);
    expect(net.connects).toBe(0);
  });
});

describe('encrypted rooms in the components', () => {
  it('shows a lock on each encrypted tile and in the conference; a participant publishing unencrypted has none', () => {
    const room = createTestRoom({
      encrypted: true,
      participants: [
        { identity: 'ada', name: 'Ada', camera: true, microphone: true },
        { identity: 'bob', name: 'Bob', camera: true, encrypted: false },
      ],
    });
    render(
      <RoomProvider room={room}>
        <VideoConference />
      </RoomProvider>,
    );
    const conference = screen.getByRole('region', { name: /meeting/i });
    expect(conference).toHaveAttribute('data-encrypted', '');
    expect(within(conference).getByText('End-to-end encrypted')).toBeInTheDocument();
    const ada = screen.getByRole('group', { name: 'Ada' });
    expect(ada).toHaveAttribute('data-encrypted', '');
    expect(within(ada).getByRole('img', { name: 'End-to-end encrypted' })).toBeInTheDocument();
    const bob = screen.getByRole('group', { name: 'Bob' });
    expect(bob).not.toHaveAttribute('data-encrypted');
    expect(within(bob).queryByRole('img', { name: 'End-to-end encrypted' })).toBeNull();
  });

  it('a participant whose media cannot be decrypted shows it on its tile instead of a black video', () => {
    const room = createTestRoom({
      encrypted: true,
      participants: [
        { identity: 'ada', name: 'Ada', camera: true },
        { identity: 'eve', name: 'Eve', camera: true },
      ],
    });
    render(
      <RoomProvider room={room}>
        <GridLayout />
      </RoomProvider>,
    );
    const eve = screen.getByRole('group', { name: 'Eve' });
    expect(eve.querySelector('video')).not.toBeNull();
    act(() => void room.setDecryptionFailed('eve'));
    expect(eve).toHaveAttribute('data-decryption-failed', '');
    expect(within(eve).getByText('Can’t decrypt: a different passphrase?')).toBeInTheDocument();
    expect(eve.querySelector('[data-reason="cannot-decrypt"]')).not.toBeNull();
    expect(screen.getByRole('group', { name: 'Ada' })).not.toHaveAttribute('data-decryption-failed');
    // Eve publishes again (with the right key, say): her new tracks tell anew.
    act(() => void room.unpublishTrack('eve', 'camera').publishTrack('eve', 'camera'));
    expect(screen.getByRole('group', { name: 'Eve' })).not.toHaveAttribute('data-decryption-failed');
  });

  it('keeps the undecryptable video subscribed beneath the notice, and shows it again once its frames decrypt (a re-key on either side)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const room = createTestRoom({ encrypted: true, participants: [{ identity: 'eve', name: 'Eve', camera: true }] });
      render(
        <RoomProvider room={room}>
          <GridLayout />
        </RoomProvider>,
      );
      const camera = () => room.getParticipantByIdentity('eve')!.getTrackPublication(Track.Source.Camera)!;
      act(() => void room.setDecryptionFailed('eve'));
      const eve = screen.getByRole('group', { name: 'Eve' });
      expect(eve).toHaveAttribute('data-decryption-failed', '');
      // Well past the layout's unsubscribe grace (400 ms): the camera stays subscribed, its element attached.
      act(() => void vi.advanceTimersByTime(2000));
      expect(camera().isSubscribed).toBe(true);
      expect(eve.querySelector('video')).not.toBeNull();
      expect(camera().track!.attachedElements).toContain(eve.querySelector('video'));
      // Both sides hold the same key again: frames decode, the notice goes, the video shows.
      await act(() => room.setDecryptionRecovered('eve'));
      expect(eve).not.toHaveAttribute('data-decryption-failed');
      expect(eve.querySelector('[data-reason="cannot-decrypt"]')).toBeNull();
      expect(eve.querySelector('video')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('French labels word the lock and the failure', () => {
    const room = createTestRoom({ encrypted: true, participants: [{ identity: 'eve', name: 'Eve', camera: true }] });
    render(
      <RoomProvider room={room} labels={{ encrypted: 'Chiffré de bout en bout', cannotDecrypt: 'Déchiffrement impossible' }}>
        <ParticipantTile identity="eve" />
      </RoomProvider>,
    );
    act(() => void room.setDecryptionFailed('eve'));
    expect(screen.getByRole('img', { name: 'Chiffré de bout en bout' })).toBeInTheDocument();
    expect(screen.getByText('Déchiffrement impossible')).toBeInTheDocument();
  });

  it('useIsEncrypted and useDecryptionFailed re-render only when their answer changes, not when someone speaks', () => {
    const room = createTestRoom({ encrypted: true, participants: [{ identity: 'ada', camera: true, microphone: true }, { identity: 'eve', camera: true }] });
    const seen: Array<[boolean, boolean, boolean]> = [];
    let renders = 0;
    function Probe() {
      seen.push([useIsEncrypted(), useIsEncrypted('ada'), useDecryptionFailed('eve')]);
      return null;
    }
    render(
      <RoomProvider room={room}>
        <Profiler id="probe" onRender={() => void renders++}>
          <Probe />
        </Profiler>
      </RoomProvider>,
    );
    expect(seen.at(-1)).toEqual([true, true, false]);
    const before = renders;
    act(() => void room.setSpeaking('ada', true).flush());
    act(() => void room.setSpeaking('ada', false).flush());
    expect(renders).toBe(before);
    act(() => void room.setDecryptionFailed('eve'));
    expect(seen.at(-1)).toEqual([true, true, true]);
    expect(renders).toBe(before + 1);
  });

  it('an unencrypted room shows no lock at all', () => {
    const room = createTestRoom({ participants: [{ identity: 'ada', name: 'Ada', camera: true }] });
    render(
      <RoomProvider room={room}>
        <VideoConference />
      </RoomProvider>,
    );
    expect(screen.queryByText('End-to-end encrypted')).toBeNull();
    expect(screen.queryByRole('img', { name: 'End-to-end encrypted' })).toBeNull();
    expect(screen.getByRole('region', { name: /meeting/i })).not.toHaveAttribute('data-encrypted');
  });
});
