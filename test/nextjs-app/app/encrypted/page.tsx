import { EncryptedMeeting } from './EncryptedMeeting';

/** An end-to-end encrypted meeting with RoomKit's default worker: nothing configured in this app for it. */
export default function Page() {
  return (
    <main>
      <h1>Encrypted</h1>
      <EncryptedMeeting />
    </main>
  );
}
