/**
 * The speaker view of each library, composed from its own public parts, with a React Profiler around every tile.
 *
 * RoomKit: `SpeakerLayout` (strip of 8) with its default tile. components-react has no speaker view of its own; an
 * app builds one from `FocusLayoutContainer`, `FocusLayout` (the active speaker's camera) and `CarouselLayout` (the
 * others, ordered by its `useVisualStableUpdate`), the parts its `VideoConference` uses for a pinned tile.
 */
import {
  CarouselLayout,
  FocusLayout as LkFocusLayout,
  FocusLayoutContainer,
  LiveKitRoom,
  useSpeakingParticipants,
  useTracks as useLkTracks,
} from '@livekit/components-react';
import { RoomProvider, SpeakerLayout } from '@roomkit/react';
import type { TestRoom } from '@roomkit/react/testing';
import { RoomEvent, Track } from 'livekit-client';
import { Profiler } from 'react';
import { onAppCommit, onTileRender } from './counters';
import { LivekitTile, roomkitTile, type Lib } from './apps';

function LivekitSpeakerView() {
  const tracks = useLkTracks([{ source: Track.Source.Camera, withPlaceholder: true }], {
    updateOnlyOn: [RoomEvent.ActiveSpeakersChanged],
    onlySubscribed: false,
  });
  const speaker = useSpeakingParticipants().find((p) => !p.isLocal);
  const focus = tracks.find((t) => t.participant === speaker) ?? tracks.find((t) => !t.participant.isLocal) ?? tracks[0];
  const others = tracks.filter((t) => t !== focus);
  return (
    <FocusLayoutContainer style={{ height: '100vh' }}>
      <CarouselLayout tracks={others}>
        <LivekitTile />
      </CarouselLayout>
      {focus ? (
        <Profiler id="focus" onRender={onTileRender}>
          <LkFocusLayout trackRef={focus} className="bench-focus" />
        </Profiler>
      ) : null}
    </FocusLayoutContainer>
  );
}

export function SpeakerViewApp({ lib, room }: { lib: Lib; room: TestRoom }) {
  return (
    <Profiler id="app" onRender={onAppCommit}>
      {lib === 'roomkit' ? (
        <RoomProvider room={room}>
          <div style={{ height: '100vh', display: 'flex' }}>
            <SpeakerLayout renderTile={roomkitTile} />
          </div>
        </RoomProvider>
      ) : (
        <LiveKitRoom room={room} serverUrl={undefined} token={undefined} data-lk-theme="default" style={{ height: '100vh' }}>
          <LivekitSpeakerView />
        </LiveKitRoom>
      )}
    </Profiler>
  );
}

/** The name on the large tile. */
export function largeTileName(lib: Lib): string | null {
  if (lib === 'roomkit') return document.querySelector('.rk-focus-main .rk-tile')?.getAttribute('aria-label') ?? null;
  return document.querySelector('.bench-focus .lk-participant-name')?.textContent ?? null;
}

/** Whether someone's tile is in the strip (components-react's carousel holds every other camera). */
export function inStrip(lib: Lib, name: string): boolean {
  if (lib === 'roomkit') return !!document.querySelector(`.rk-focus-strip [role="group"][aria-label="${name}"]`);
  return [...document.querySelectorAll('.lk-carousel .lk-participant-name')].some((el) => el.textContent === name);
}
