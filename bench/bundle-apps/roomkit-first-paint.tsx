// RoomKit: only what the conference's first paint shows, from the package's own parts as an app would compose
// them: the grid and its tiles, a bar of microphone, camera, screen share and leave, the connection state, audio.
// Not a product: it measures how small a first paint can be with today's parts (issue 32's first-paint target).
import { Track } from 'livekit-client';
import { ConnectionStateToast, GridLayout, LeaveButton, RoomAudioRenderer, RoomProvider, StartAudio, TrackToggle } from '@roomkit/react';
import '@roomkit/react/styles.css';
import { createRoot } from 'react-dom/client';
import { readConnection } from './connection';

const { token, url } = readConnection();
createRoot(document.getElementById('root')!).render(
  <RoomProvider token={token} url={url} audio video>
    <div className="rk-root rk-conference">
      <ConnectionStateToast />
      <GridLayout />
      <div className="rk-control-bar" role="toolbar">
        <TrackToggle source={Track.Source.Microphone} />
        <TrackToggle source={Track.Source.Camera} />
        <TrackToggle source={Track.Source.ScreenShare} />
        <LeaveButton />
      </div>
      <StartAudio />
      <RoomAudioRenderer />
    </div>
  </RoomProvider>,
);
