// The agent on tiles (src/tile/agentOnTiles.tsx): a tile feature, so this file imports the grid and the provider
// from their own modules, not the package's entry (which loads VideoConference, and so the feature). It adds the
// feature to the module-wide registry, so it runs in a registry of its own (ISOLATED_UNIT_FILES).
import { act, render, screen, within } from '@testing-library/react';
import { GridLayout } from '../../src/layouts/index';
import { RoomProvider } from '../../src/room/RoomProvider';
import { showAgentOnTiles } from '../../src/tile/index';
import { createTestRoom } from '../../src/testing/index';

it("an agent's tile shows its initial like anyone's until the app shows agents on tiles, then its state and voice", () => {
  const room = createTestRoom({
    participants: [{ identity: 'agent', name: 'Ada', kind: 'agent', microphone: true, agentState: 'listening' }, { identity: 'human', name: 'Hugo' }],
  });
  render(
    <RoomProvider room={room}>
      <GridLayout />
    </RoomProvider>,
  );
  // Without the feature: still an agent's tile (its name, its state on the root), with the camera-off placeholder.
  const before = screen.getByRole('group', { name: 'Ada, AI agent' });
  expect(before).toHaveAttribute('data-agent-state', 'listening');
  expect(before.querySelector('[data-reason="camera-off"]')).not.toBeNull();
  expect(before.querySelector('.rk-audio-visualizer')).toBeNull();

  // As VideoConference, the agent entry or the app's own call does as it loads.
  act(() => showAgentOnTiles());
  const tile = screen.getByRole('group', { name: 'Ada, AI agent' });
  expect(tile.querySelector('[data-reason="agent"]')).toHaveAttribute('data-agent-state', 'listening');
  expect(within(tile).getByText('Listening')).toBeInTheDocument();
  expect(tile.querySelector('.rk-audio-visualizer')).not.toBeNull();
  expect(tile.querySelector('[data-reason="camera-off"]')).toBeNull();
  // Anyone else keeps the camera-off placeholder.
  expect(screen.getByRole('group', { name: 'Hugo' }).querySelector('[data-reason="camera-off"]')).not.toBeNull();
});
