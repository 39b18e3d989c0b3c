/**
 * The two libraries' grids, composed from each library's own public parts the way its VideoConference
 * composes them, with a React Profiler around every tile.
 */
import {
  GridLayout as LkGridLayout,
  LiveKitRoom,
  ParticipantTile as LkParticipantTile,
  TrackLoop,
  useTrackRefContext,
  useTracks as useLkTracks,
} from '@livekit/components-react';
import { GridLayout, ParticipantAdminMenu, ParticipantTile, PinButton, RoomProvider, type TileDescriptor } from '@roomkit/react';
import type { TestRoom } from '@roomkit/react/testing';
import { RoomEvent, Track } from 'livekit-client';
import { Profiler } from 'react';
import { onAppCommit, onTileRender } from './counters';

export type Lib = 'roomkit' | 'livekit';
/** `all`: every tile mounted at once; `page`: each library's default grid page (25 tiles). */
export type Layout = 'all' | 'page';

/** RoomKit's default tile (what the layouts render when given no `renderTile`: pin toggle, admin menu), inside a Profiler. */
export function roomkitTile(tile: TileDescriptor) {
  return (
    <Profiler id={`${tile.identity}:${tile.source}`} onRender={onTileRender}>
      <ParticipantTile
        identity={tile.identity}
        source={tile.source}
        actions={
          <>
            <PinButton identity={tile.identity} source={tile.source} />
            <ParticipantAdminMenu identity={tile.identity} />
          </>
        }
      />
    </Profiler>
  );
}

function RoomkitGrid({ layout }: { layout: Layout }) {
  return layout === 'all' ? (
    // Small minimum tile sizes and no page limit: all tiles fit on one page.
    <GridLayout maxTilesPerPage={100_000} minTileWidth={16} minTileHeight={9} renderTile={roomkitTile} />
  ) : (
    <GridLayout renderTile={roomkitTile} />
  );
}

/** components-react's ParticipantTile (reading its track from TrackLoop's context), inside a Profiler. */
export function LivekitTile() {
  const ref = useTrackRefContext();
  return (
    <Profiler id={`${ref.participant.identity}:${ref.source}`} onRender={onTileRender}>
      <LkParticipantTile />
    </Profiler>
  );
}

function LivekitGrid({ layout }: { layout: Layout }) {
  // Exactly the track list components-react's VideoConference builds.
  const tracks = useLkTracks(
    [
      { source: Track.Source.Camera, withPlaceholder: true },
      { source: Track.Source.ScreenShare, withPlaceholder: false },
    ],
    { updateOnlyOn: [RoomEvent.ActiveSpeakersChanged], onlySubscribed: false },
  );
  return layout === 'all' ? (
    <div className="lk-grid-layout" style={{ gridTemplateColumns: 'repeat(11, 1fr)' }}>
      <TrackLoop tracks={tracks}>
        <LivekitTile />
      </TrackLoop>
    </div>
  ) : (
    <LkGridLayout tracks={tracks}>
      <LivekitTile />
    </LkGridLayout>
  );
}

export function GridApp({ lib, layout, room }: { lib: Lib; layout: Layout; room: TestRoom }) {
  return (
    <Profiler id="app" onRender={onAppCommit}>
      {lib === 'roomkit' ? (
        <RoomProvider room={room}>
          <RoomkitGrid layout={layout} />
        </RoomProvider>
      ) : (
        <LiveKitRoom room={room} serverUrl={undefined} token={undefined} data-lk-theme="default" style={{ height: '100vh' }}>
          <LivekitGrid layout={layout} />
        </LiveKitRoom>
      )}
    </Profiler>
  );
}
