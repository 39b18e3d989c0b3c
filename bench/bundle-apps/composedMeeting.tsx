import { useState, type ReactNode } from 'react';
import { Track } from 'livekit-client';
import {
  Chat,
  ConnectionStateToast,
  FocusLayout,
  GridLayout,
  LeaveButton,
  MediaDeviceSelect,
  RoomAudioRenderer,
  StartAudio,
  TrackToggle,
  usePinned,
  useTracks,
} from '@roomkit/react';
// Only the sheets of what it renders (Docs/Styling): the base, the tiles, the layouts and the chat.
import '@roomkit/react/styles/base.css';
import '@roomkit/react/styles/tile.css';
import '@roomkit/react/styles/layouts.css';
import '@roomkit/react/styles/chat.css';

/**
 * A meeting from RoomKit's parts: what @livekit/components-react's VideoConference shows, and no more.
 * `children` go in the control bar, before Leave.
 */
export function MyConference({ children }: { children?: ReactNode }) {
  const [chatOpen, setChatOpen] = useState(false);
  const [pinned] = usePinned();
  const shares = useTracks([Track.Source.ScreenShare]);
  return (
    <div className="rk-root rk-conference">
      <ConnectionStateToast />
      <div className="rk-conference-body">
        {pinned || shares.length > 0 ? <FocusLayout /> : <GridLayout />}
        {chatOpen && <Chat />}
      </div>
      <div className="rk-control-bar" role="toolbar" aria-label="Meeting controls">
        <TrackToggle source={Track.Source.Microphone} />
        <MediaDeviceSelect kind="audioinput" />
        <TrackToggle source={Track.Source.Camera} />
        <MediaDeviceSelect kind="videoinput" />
        <TrackToggle source={Track.Source.ScreenShare} />
        <button type="button" className="rk-button" aria-pressed={chatOpen} onClick={() => setChatOpen((open) => !open)}>
          Chat
        </button>
        {children}
        <LeaveButton />
      </div>
      <StartAudio />
      <RoomAudioRenderer />
    </div>
  );
}
