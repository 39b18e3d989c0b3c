import { createRoot } from 'react-dom/client';
import { createEncryption, RoomProvider, VideoConference, type RoomEncryption, type RoomKitError } from '@roomkit/react';
import '@roomkit/react/styles.css';

declare global {
  interface Window {
    rkEncrypted: {
      errors: Array<{ code: string; message: string }>;
      connect(url: string, token: string, passphrase: string): void;
      /** Re-keys the live session (RoomEncryption.setPassphrase). */
      setPassphrase(passphrase: string): Promise<void>;
    };
  }
}

const errors: Array<{ code: string; message: string }> = [];
let encryption: RoomEncryption | undefined;

// An encrypted meeting as the guide shows it (stories/docs/Encryption.mdx): the prefab, chat open, camera on, one
// shared passphrase. The worker is RoomKit's default (livekit-client's, bundled by this page's Vite build from the
// pattern in RoomKit's source).
window.rkEncrypted = {
  errors,
  connect(url, token, passphrase) {
    encryption = createEncryption({ passphrase });
    createRoot(document.getElementById('root')!).render(
      <RoomProvider
        connection={{ url, token }}
        video
        e2ee={encryption}
        onError={(e: RoomKitError) => {
          errors.push({ code: e.code, message: e.message });
          console.error(e.code, e.message);
        }}
      >
        <VideoConference defaultChatOpen />
      </RoomProvider>,
    );
  },
  setPassphrase: (passphrase) => encryption!.setPassphrase(passphrase),
};
