// Tile features (src/ui/tileFeatures.tsx): what a feature adds to every tile once the app uses it. This file adds
// features to the module-wide registry, so it runs in a registry of its own (ISOLATED_UNIT_FILES).
import { act, render, screen, within } from '@testing-library/react';
import { GridLayout, ParticipantTile, RoomProvider } from '../../src/index';
import { createTestRoom } from '../../src/testing/index';
import { addTileFeature, useTileFeatures, type TilePartProps } from '../../src/ui/tileFeatures';

const tileOf = (name: RegExp) => screen.getByRole('group', { name });

/** A feature whose flag is up for one participant, set from outside (a store of its own). */
function probeFeature(name: string, order: number, raisedFor: Set<string>) {
  const Mark = ({ identity, flags }: TilePartProps) => (flags?.[name] ? <span role="img" aria-label={`${name} of ${identity}`} /> : null);
  return {
    name,
    order,
    useFlags: (identity: string) => ({ [name]: raisedFor.has(identity) }),
    Indicator: Mark,
    Overlay: ({ identity }: TilePartProps) => <span data-testid={`${name}-overlay-${identity}`} />,
    Action: ({ identity }: TilePartProps) => <button type="button">{`${name} action for ${identity}`}</button>,
  };
}

it('a feature added while tiles are on screen reaches them: flags, marks, overlay and the default tile’s action', () => {
  const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: [{ identity: 'ada', name: 'Ada' }] });
  render(
    <RoomProvider room={room}>
      <ParticipantTile identity="ada" />
      <GridLayout />
    </RoomProvider>,
  );
  const [alone] = screen.getAllByRole('group', { name: /^Ada/ });
  expect(alone).not.toHaveAttribute('data-probe');
  expect(screen.queryByRole('button', { name: /probe action/ })).toBeNull();

  // As a lazily loaded chunk that uses the feature would, after the first render.
  act(() => addTileFeature(probeFeature('probe', 50, new Set(['ada']))));
  const tiles = screen.getAllByRole('group', { name: /^Ada/ });
  expect(tiles).toHaveLength(2);
  for (const tile of tiles) {
    expect(tile).toHaveAttribute('data-probe', '');
    expect(within(tile).getByRole('img', { name: 'probe of ada' })).toBeInTheDocument();
    expect(within(tile).getByTestId('probe-overlay-ada')).toBeInTheDocument();
  }
  expect(tileOf(/^Me/)).not.toHaveAttribute('data-probe');
  // The action goes on the layouts' default tiles only: a ParticipantTile the app renders keeps its own corner.
  expect(screen.getAllByRole('button', { name: /probe action for/ }).map((b) => b.textContent)).toEqual(['probe action for me', 'probe action for ada']);
});

it('marks go in the features’ order, whatever order they were added in; a name added twice keeps the first', () => {
  const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: [{ identity: 'bo', name: 'Bo' }] });
  const everyone = new Set(['bo']);
  act(() => {
    addTileFeature(probeFeature('late', 90, everyone));
    addTileFeature(probeFeature('early', 5, everyone));
    addTileFeature({ ...probeFeature('early', 1, new Set()), Indicator: () => <span role="img" aria-label="the second early" /> });
  });
  render(
    <RoomProvider room={room}>
      <ParticipantTile identity="bo" />
    </RoomProvider>,
  );
  const marks = within(tileOf(/^Bo/))
    .getAllByRole('img')
    .map((img) => img.getAttribute('aria-label'))
    .filter((label) => / of bo$/.test(label ?? '') || label === 'the second early');
  expect(marks).toEqual(['early of bo', 'late of bo']);
});

it('useTileFeatures keeps its array until a feature is added', () => {
  const seen: unknown[] = [];
  function Probe() {
    seen.push(useTileFeatures());
    return null;
  }
  const { rerender } = render(<Probe />);
  rerender(<Probe />);
  expect(seen[0]).toBe(seen[1]);
  act(() => addTileFeature(probeFeature('another', 60, new Set())));
  expect(seen.at(-1)).not.toBe(seen[0]);
  expect((seen.at(-1) as Array<{ name: string }>).map((f) => f.name)).toContain('another');
});
