import { act, render } from '@testing-library/react';
import { memo, Profiler } from 'react';
import { RoomProvider, useIsSpeaking, useParticipant, useParticipants, type ParticipantState } from '../../src/index';
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
