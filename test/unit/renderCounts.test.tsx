import { act, render } from '@testing-library/react';
import { memo, Profiler } from 'react';
import type { Track } from 'livekit-client';
import { GridLayout, ParticipantTile, RoomProvider, useIsSpeaking, useParticipant, useParticipants, type ParticipantState } from '../../src/index';
import { createTestRoom } from '../../src/testing/index';

const renders = new Map<string, number>();
const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);

/** A tile that subscribes to its own participant. */
const TileById = memo(function TileById({ identity }: { identity: string }) {
  const p = useParticipant(identity);
  const speaking = useIsSpeaking(identity);
  count(identity);
  return <div data-speaking={speaking ? '' : undefined}>{p?.name}</div>;
});

/** A memoised tile fed from useParticipants. */
const TileByState = memo(function TileByState({ participant }: { participant: ParticipantState }) {
  count(participant.identity);
  return <div>{participant.name}</div>;
});

function GridById() {
  const people = useParticipants();
  return (
    <>
      {people.map((p) => (
        <TileById key={p.identity} identity={p.identity} />
      ))}
    </>
  );
}

function GridByState() {
  const people = useParticipants();
  return (
    <>
      {people.map((p) => (
        <TileByState key={p.identity} participant={p} />
      ))}
    </>
  );
}

describe.each([
  ['tiles that subscribe by identity', GridById],
  ['memoised tiles fed by useParticipants', GridByState],
])('render isolation with 100 participants: %s', (_name, Grid) => {
  it('re-renders only the speaking participant\u2019s tile, and nothing while idle', () => {
    const room = createTestRoom({ participants: 100 });
    renders.clear();
    let commits = 0;
    render(
      <Profiler id="grid" onRender={() => commits++}>
        <RoomProvider room={room}>
          <Grid />
        </RoomProvider>
      </Profiler>,
    );
    expect(renders.size).toBe(101);
    renders.clear();
    commits = 0;

    act(() => {
      room.setSpeaking('participant-42', true);
    });
    expect(Object.fromEntries(renders)).toEqual({ 'participant-42': 1 });
    expect(commits).toBe(1);

    renders.clear();
    act(() => {
      room.setMuted('participant-7', 'camera', true);
    });
    expect(Object.fromEntries(renders)).toEqual({ 'participant-7': 1 });

    renders.clear();
    act(() => {
      room.setSpeaking('participant-42', false);
      room.setSpeaking('participant-9', true);
    });
    expect(Object.fromEntries(renders)).toEqual({ 'participant-42': 1, 'participant-9': 1 });
  });
});

describe('render isolation in the prebuilt GridLayout', () => {
  it('one speaking participant or one mute commits only that participant\u2019s tile', () => {
    const room = createTestRoom({ participants: 100 });
    const commits = new Map<string, number>();
    const renderTile = (tile: { identity: string; source: Track.Source.Camera | Track.Source.ScreenShare }) => (
      <Profiler id={tile.identity} onRender={(id) => commits.set(id, (commits.get(id) ?? 0) + 1)}>
        <ParticipantTile identity={tile.identity} source={tile.source} />
      </Profiler>
    );
    render(
      <RoomProvider room={room}>
        <GridLayout maxTilesPerPage={101} minTileWidth={1} minTileHeight={1} renderTile={renderTile} />
      </RoomProvider>,
    );
    expect(commits.size).toBe(101);
    commits.clear();
    act(() => void room.setSpeaking('participant-50', true));
    expect(Object.fromEntries(commits)).toEqual({ 'participant-50': 1 });
    commits.clear();
    act(() => void room.setMuted('participant-3', 'microphone', true));
    expect(Object.fromEntries(commits)).toEqual({ 'participant-3': 1 });
    commits.clear();
    act(() => void room.setConnectionQuality('participant-9', 'poor'));
    expect(Object.fromEntries(commits)).toEqual({ 'participant-9': 1 });
  });
});
