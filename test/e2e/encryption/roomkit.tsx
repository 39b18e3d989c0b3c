import { createRoot } from 'react-dom/client';
import { createEncryption, RoomProvider, useRoom, VideoConference, type RoomEncryption, type RoomKitError } from '@roomkit/react';
import { Track, type Room } from 'livekit-client';
import '@roomkit/react/styles.css';

declare global {
  interface Window {
    rkEncrypted: {
      errors: Array<{ code: string; message: string }>;
      /** Joins with the camera on, and the microphone too when `audio`. */
      connect(url: string, token: string, passphrase: string, audio?: boolean): void;
      /** Re-keys the live session (RoomEncryption.setPassphrase). */
      setPassphrase(passphrase: string): Promise<void>;
      /**
       * The loudest level (0..1) that the receivers of `identity`'s microphone decode now (inbound-rtp `audioLevel`):
       * above silence only when the sound arrives decrypted.
       */
      audioLevelOf(identity: string): Promise<number>;
      /** The frames that the receiver of `identity`'s camera has decoded so far (inbound-rtp `framesDecoded`). */
      framesDecodedOf(identity: string): Promise<number>;
      /** Every inbound-rtp and outbound-rtp entry of the page's room, for a failure's message. */
      rtpStats(): Promise<string[]>;
    };
  }
}

const errors: Array<{ code: string; message: string }> = [];
let encryption: RoomEncryption | undefined;
let room: Room | undefined;

/** The inbound-rtp stats of the receiver of `identity`'s `source`. */
async function inbound(identity: string, source: Track.Source): Promise<Array<{ audioLevel?: number; framesDecoded?: number }>> {
  const out: Array<{ audioLevel?: number; framesDecoded?: number }> = [];
  (await room?.remoteParticipants.get(identity)?.getTrackPublication(source)?.track?.receiver?.getStats())?.forEach((s: { type: string; audioLevel?: number; framesDecoded?: number }) => {
    if (s.type === 'inbound-rtp') out.push(s);
  });
  return out;
}

/** Hands the page's Room to {@link window.rkEncrypted}'s readers. */
function KeepRoom() {
  room = useRoom();
  return null;
}

// An encrypted meeting as the guide shows it (stories/docs/Encryption.mdx): the prefab, chat open, camera on, one
// shared passphrase. The worker is RoomKit's default (livekit-client's, bundled by this page's Vite build from the
// pattern in RoomKit's source).
window.rkEncrypted = {
  errors,
  connect(url, token, passphrase, audio = false) {
    encryption = createEncryption({ passphrase });
    createRoot(document.getElementById('root')!).render(
      <RoomProvider
        connection={{ url, token }}
        video
        audio={audio}
        e2ee={encryption}
        onError={(e: RoomKitError) => {
          errors.push({ code: e.code, message: e.message });
          console.error(e.code, e.message);
        }}
      >
        <KeepRoom />
        <VideoConference defaultChatOpen />
      </RoomProvider>,
    );
  },
  setPassphrase: (passphrase) => encryption!.setPassphrase(passphrase),
  async audioLevelOf(identity) {
    const stats = await inbound(identity, Track.Source.Microphone);
    return Math.max(0, ...stats.map((s) => s.audioLevel ?? 0));
  },
  async rtpStats() {
    const out: string[] = [];
    const all = [...(room?.remoteParticipants.values() ?? [])].flatMap((p) => [...p.trackPublications.values()].map((t) => ({ who: p.identity, t })));
    for (const { who, t } of all) {
      (await t.track?.receiver?.getStats())?.forEach((s: { type: string }) => {
        if (s.type === 'inbound-rtp') out.push(`${who} ${t.source}: ${JSON.stringify(s)}`);
      });
    }
    for (const t of room?.localParticipant.trackPublications.values() ?? []) {
      (await t.track?.sender?.getStats())?.forEach((s: { type: string }) => {
        if (s.type === 'outbound-rtp') out.push(`me ${t.source}: ${JSON.stringify(s)}`);
      });
    }
    return out;
  },
  async framesDecodedOf(identity) {
    const stats = await inbound(identity, Track.Source.Camera);
    return stats.reduce((sum, s) => sum + (s.framesDecoded ?? 0), 0);
  },
};
