import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ConnectionTest, PreJoin, RoomProvider, type RoomKitLabels } from '@roomkit/react';
import { createTestRoom, scriptConnectionTest, type SimulatedConnectionTest, type TestGrants } from '@roomkit/react/testing';
import '@roomkit/react/styles.css';
import { french } from './frenchLabels';

interface ScenarioArgs {
  /** How the simulated test goes. */
  script: SimulatedConnectionTest;
  grants: TestGrants;
  /** PreJoin with its "Test connection" button, or the ConnectionTest panel alone (started at once). */
  preJoin: boolean;
  labels?: Partial<RoomKitLabels>;
}

/** A simulated room whose connection test follows `script`, with PreJoin or the panel. */
function Scenario({ script, grants, preJoin, labels }: ScenarioArgs) {
  const [room] = useState(() => {
    const created = createTestRoom({
      name: 'storybook',
      local: { identity: 'me', name: 'Me', grants },
      devices: {
        audioinput: [{ deviceId: 'mic-1', label: 'Built-in microphone' }],
        videoinput: [{ deviceId: 'cam-1', label: 'HD camera' }],
        audiooutput: [{ deviceId: 'spk-1', label: 'Speakers' }],
      },
    });
    scriptConnectionTest(created, script);
    return created;
  });
  return (
    <RoomProvider room={room} {...(labels ? { labels } : {})}>
      <div className="rk-root" data-rk-theme="light" style={{ padding: 12, maxWidth: '28rem' }}>
        {preJoin ? <PreJoin onSubmit={onSubmit} /> : <ConnectionTest autoStart />}
      </div>
    </RoomProvider>
  );
}

const onSubmit = fn();

const meta = {
  title: 'Prefabs/ConnectionTest',
  component: Scenario,
  args: { script: {}, grants: {}, preJoin: false },
  argTypes: { script: { control: 'object' }, grants: { control: 'object' }, preJoin: { control: 'boolean' } },
} satisfies Meta<typeof Scenario>;
export default meta;
type Story = StoryObj<typeof meta>;

const panelOf = (canvasElement: HTMLElement, name = 'Connection test') => within(canvasElement).findByRole('region', { name });
const stepOf = (panel: HTMLElement, id: string) => panel.querySelector<HTMLElement>(`[data-step="${id}"]`)!;
const ended = (panel: HTMLElement) => waitFor(() => expect(panel.getAttribute('data-state')).toMatch(/^(passed|failed|cancelled)$/));

/** Every step passes: signalling, WebRTC, audio and video publishing, round trip, and a TURN relay. */
export const AllPassed: Story = {
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    await ended(panel);
    await expect(panel).toHaveAttribute('data-state', 'passed');
    const items = within(within(panel).getByRole('list')).getAllByRole('listitem');
    await expect(items.map((li) => li.getAttribute('data-status'))).toEqual(['passed', 'passed', 'passed', 'passed', 'passed', 'passed']);
    await expect(within(panel).getByRole('status')).toHaveTextContent('Connection test passed');
  },
};

/** The server offers no TURN relay (as the dev media server): a finding, not a failure. */
export const TurnFinding: Story = {
  args: { script: { steps: { turn: { status: 'finding', reason: 'no-turn', measurement: { turnServers: 0 } } } } },
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    await ended(panel);
    await expect(panel).toHaveAttribute('data-state', 'passed');
    await expect(stepOf(panel, 'turn')).toHaveAttribute('data-status', 'finding');
    await expect(stepOf(panel, 'turn')).toHaveTextContent('Note');
    await expect(stepOf(panel, 'turn')).toHaveTextContent('The server offers no relay');
    await expect(within(panel).getByRole('status')).toHaveTextContent('Connection test passed, with 1 note');
  },
};

/** The network blocks WebRTC: the step fails with the fix in words, and the steps after it are skipped. */
export const FailedWithFix: Story = {
  args: { script: { steps: { webrtc: { status: 'failed', reason: 'ice-failed' } } } },
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    await ended(panel);
    await expect(panel).toHaveAttribute('data-state', 'failed');
    const webrtc = stepOf(panel, 'webrtc');
    await expect(webrtc).toHaveTextContent('Failed');
    await expect(webrtc).toHaveTextContent('Your network blocks video calls. Try another network');
    await expect(stepOf(panel, 'publishAudio')).toHaveTextContent('Needs the steps above');
    await expect(within(panel).getByRole('status')).toHaveTextContent('Connection test: 1 step failed');
    // Run again from the keyboard.
    const again = within(panel).getByRole('button', { name: 'Test again' });
    again.focus();
    await userEvent.keyboard('{Enter}');
    await ended(panel);
  },
};

/** A viewer's PreJoin tests without publishing: both publish steps are skipped, with the reason. */
export const Viewer: Story = {
  args: { grants: { canPublish: false }, preJoin: true, script: { steps: { turn: { status: 'finding', reason: 'no-turn' } } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Test connection' }));
    const panel = await panelOf(canvasElement);
    await expect(panel).toHaveFocus();
    await ended(panel);
    for (const id of ['publishAudio', 'publishVideo']) {
      await expect(stepOf(panel, id)).toHaveAttribute('data-status', 'skipped');
      await expect(stepOf(panel, id)).toHaveTextContent('Your role may not publish this');
    }
    await userEvent.click(c.getByRole('button', { name: 'Join as viewer' }));
    await expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ viewer: true }));
  },
};

/** A test in progress: publishing video is still running (a scripted hold), and Stop ends it. */
export const Running: Story = {
  args: { script: { hold: 'publishVideo' } },
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    await waitFor(() => expect(stepOf(panel, 'publishVideo')).toHaveAttribute('data-status', 'running'));
    await expect(panel).toHaveAttribute('data-state', 'running');
    await expect(stepOf(panel, 'publishVideo')).toHaveAttribute('aria-busy', 'true');
    await expect(stepOf(panel, 'publishVideo')).toHaveTextContent('Testing…');
    await expect(within(panel).getByRole('button', { name: 'Stop test' })).toBeVisible();
  },
};

/** Every string from the labels, in French: PreJoin's button, the steps, statuses, results and the fix. */
export const FrenchLabels: Story = {
  args: {
    preJoin: true,
    labels: french,
    script: { steps: { publishVideo: { status: 'failed', reason: 'permission-denied' }, turn: { status: 'finding', reason: 'no-turn' } } },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Tester la connexion' }));
    const panel = await panelOf(canvasElement, 'Test de connexion');
    await ended(panel);
    await expect(stepOf(panel, 'publishVideo')).toHaveTextContent('Envoi de la vidéo Échec');
    await expect(stepOf(panel, 'publishVideo')).toHaveTextContent('Appareil indisponible');
    await expect(stepOf(panel, 'publishVideo')).toHaveTextContent('Le navigateur a bloqué l’appareil');
    await expect(stepOf(panel, 'turn')).toHaveTextContent('À savoir');
    await expect(within(panel).getByRole('status')).toHaveTextContent('Test de connexion : 1 étape en échec');
    await expect(within(panel).getByRole('button', { name: 'Tester à nouveau' })).toBeVisible();
  },
};
