import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PreJoin, RoomProvider, VideoConference, type VideoConferenceProps } from '@roomkit/react';
import { AudioConference } from '@roomkit/react/audio-room';
import { AgentConversation } from '@roomkit/react/agent';
import { createTestRoom, type TestRoom } from '@roomkit/react/testing';
import '@roomkit/react/audio-room.css';
import '@roomkit/react/agent.css';
import { storyDevices } from './storyDevices';
import { inOneRow } from './barRows';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';
import { expectUsableOnSmallScreen, phoneViewports, viewportGlobals, type Orientation } from './smallScreens';

/**
 * The conference and the pre-join screen on a phone, upright (375×667) and sideways (667×375), and every prefab
 * people use (the conference, PreJoin, the audio room, the agent conversation) at 320 CSS px wide, the width WCAG
 * 1.4.10 (reflow) names. Each story checks, in the real browser at that viewport, that nothing overflows sideways
 * and every control is a visible, uncovered 44 px target reached by Tab (see stories/smallScreens.ts); their
 * pictures are baselines like every story's (.storybook/pictures.ts).
 */
const meta = {
  title: 'Prefabs/Small screens',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, ambient: false },
  argTypes: roomArgTypes,
  parameters: { viewport: phoneViewports },
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** How long a story may take to render and lay out its bar on a loaded machine (storybook/test's waitFor gives 1 s). */
const SETTLE_MS = 10_000;

// The decorator pads the story by 12 px on each side.
const conference = (props: VideoConferenceProps = {}) => () => <VideoConference style={{ height: 'calc(100vh - 24px)' }} {...props} />;
const TOOLBAR = ['[role="toolbar"]'];
const WITH_PANEL = ['[role="toolbar"]', '.rk-conference-panel'];

function meeting(orientation: Orientation, args: Partial<RoomArgs>, props?: VideoConferenceProps, scopes = TOOLBAR): Story {
  return {
    args,
    globals: viewportGlobals(orientation),
    render: conference(props),
    play: async ({ canvasElement }) => {
      const region = within(canvasElement).getByRole('region', { name: 'Meeting' });
      // The bar answers its size and its controls' (a device list arriving) within a few frames of each: wait for
      // that answer, compact and one row, not for a time.
      await waitFor(
        () => {
          const bar = region.querySelector('.rk-control-bar')!;
          expect(bar).toHaveAttribute('data-compact');
          expect(inOneRow(bar), 'the bar is one row').toBe(true);
        },
        { timeout: SETTLE_MS },
      );
      // The stage keeps most of the height: the bar is one row.
      const stage = region.querySelector('.rk-conference-stage')!.getBoundingClientRect();
      const bar = region.querySelector('.rk-control-bar')!.getBoundingClientRect();
      await expect(bar.height).toBeLessThan(70);
      await expect(stage.height).toBeGreaterThan(window.innerHeight / 2);
      await expectUsableOnSmallScreen(region, orientation, scopes);
    },
  };
}

export const GridPortrait = meeting('portrait', { participants: 8 });
export const GridLandscape = meeting('landscape', { participants: 8 });
export const GridNarrow = meeting('narrow', { participants: 8 });
export const FewParticipantsPortrait = meeting('portrait', { participants: 2 });
export const FewParticipantsLandscape = meeting('landscape', { participants: 2 });

function panel(orientation: Orientation, which: 'chat' | 'participants'): Story {
  const props = which === 'chat' ? { defaultChatOpen: true } : { defaultParticipantsOpen: true };
  const name = which === 'chat' ? 'Chat' : /^Participants/;
  return {
    args: { participants: 4 },
    globals: viewportGlobals(orientation),
    render: conference(props),
    play: async ({ canvasElement }) => {
      const c = within(canvasElement);
      const region = c.getByRole('region', { name: 'Meeting' });
      await waitFor(() => expect(region.querySelector('.rk-control-bar')).toHaveAttribute('data-compact'), { timeout: SETTLE_MS });
      // Full-screen: the panel spans the conference's width and the stage behind it is hidden.
      const box = region.querySelector('.rk-conference-panel')!.getBoundingClientRect();
      await expect(box.width).toBeGreaterThan(window.innerWidth - 48);
      await expect(region.querySelector('.rk-conference-stage')).not.toBeVisible();
      await expectUsableOnSmallScreen(region, orientation, WITH_PANEL);
      // Its close button closes it and gives focus back to its toggle.
      await userEvent.click(c.getByRole('button', { name: which === 'chat' ? 'Close chat' : 'Close participants' }));
      await expect(region.querySelector('.rk-conference-panel')).toBeNull();
      // Its toggle, or More where the toggle is folded (how many fit depends on the engine's fonts: WebKit folds
      // Participants at 375 px, Chromium does not).
      const toggle = c.queryByRole('button', { name });
      await expect(toggle ?? c.getByRole('button', { name: 'More' })).toHaveFocus();
      if (toggle) await userEvent.click(toggle);
    },
  };
}

export const ChatOpenPortrait = panel('portrait', 'chat');
export const ChatOpenLandscape = panel('landscape', 'chat');
export const ChatOpenNarrow = panel('narrow', 'chat');
export const ParticipantsOpenPortrait = panel('portrait', 'participants');
export const ParticipantsOpenLandscape = panel('landscape', 'participants');

function moreMenu(orientation: Orientation): Story {
  return {
    args: { participants: 4 },
    globals: viewportGlobals(orientation),
    render: conference(),
    play: async ({ canvasElement }) => {
      const c = within(canvasElement);
      const region = c.getByRole('region', { name: 'Meeting' });
      const more = await c.findByRole('button', { name: 'More' });
      await expect(more).toHaveAttribute('aria-haspopup', 'dialog');
      // Always in the bar: microphone, camera, chat, leave.
      const bar = c.getByRole('toolbar', { name: 'Meeting controls' });
      for (const name of ['Microphone', 'Camera', 'Chat', 'Leave']) await expect(within(bar).getByRole('button', { name })).toBeVisible();
      await userEvent.click(more);
      const panel = c.getByRole('dialog', { name: 'More' });
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      await expect(within(panel).getByRole('combobox', { name: 'Choose microphone' })).toBeVisible();
      // The less used controls fold first: the device selects always, others as the width requires.
      await expect(c.getByRole('button', { name: 'Raise hand' })).toBeVisible();
      await expectUsableOnSmallScreen(region, orientation, TOOLBAR);
      // Tabbing out closed it; open it again for the screenshot.
      await userEvent.click(more);
      await expect(c.getByRole('dialog', { name: 'More' })).toBeVisible();
    },
  };
}

export const MoreMenuPortrait = moreMenu('portrait');
export const MoreMenuLandscape = moreMenu('landscape');

const onSubmit = fn();
function preJoin(orientation: Orientation): Story {
  return {
    args: { participants: 0 },
    globals: viewportGlobals(orientation),
    render: () => <PreJoin onSubmit={onSubmit} />,
    play: async ({ canvasElement }) => {
      const form = canvasElement.querySelector<HTMLElement>('.rk-prejoin')!;
      await expectUsableOnSmallScreen(form, orientation, ['']);
    },
  };
}

export const PreJoinPortrait = preJoin('portrait');
export const PreJoinLandscape = preJoin('landscape');
/** 320 px wide (WCAG 1.4.10): the device rows wrap, the selects shrink, nothing scrolls sideways. */
export const PreJoinNarrow = preJoin('narrow');

/** The audio room at 320 px: speakers and listeners reflow, the bar stays one row of 44 px targets. */
export const AudioConferenceNarrow: Story = {
  args: { participants: 6 },
  globals: viewportGlobals('narrow'),
  render: () => <AudioConference style={{ height: 'calc(100vh - 24px)' }} />,
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Audio room' });
    await expect(within(region).getByRole('heading', { name: /^Speakers/ })).toBeVisible();
    await expectUsableOnSmallScreen(region, 'narrow', TOOLBAR);
  },
};

interface AgentLoaded {
  agentRoom: TestRoom;
}

/** The agent conversation at 320 px, mid-conversation: the transcript wraps, the controls stay reachable. */
export const AgentConversationNarrow: Story = {
  globals: viewportGlobals('narrow'),
  loaders: [
    async (): Promise<AgentLoaded> => ({
      agentRoom: createTestRoom({
        devices: storyDevices,
        local: { identity: 'me', name: 'Me', microphone: true },
        participants: [{ identity: 'ada', name: 'Ada', kind: 'agent', microphone: true, agentState: 'listening' }],
      }),
    }),
  ],
  render: (_args, context) => (
    <RoomProvider room={(context.loaded as AgentLoaded).agentRoom}>
      <AgentConversation style={{ height: 'calc(100vh - 24px)' }} />
    </RoomProvider>
  ),
  play: async ({ canvasElement, loaded }) => {
    const room = (loaded as AgentLoaded).agentRoom;
    const region = within(canvasElement).getByRole('region', { name: 'Conversation with an AI agent' });
    await expect(region).toHaveAttribute('data-status', 'ready');
    room.deliverText('ada', 'Good morning. The forecast for the whole week ahead: no rain, light wind from the west, and a warm afternoon on Thursday.', { topic: 'lk.chat' });
    await expect(await within(region).findByText(/The forecast for the whole week ahead/, { selector: '.rk-agent-line-text' })).toBeVisible();
    await expectUsableOnSmallScreen(region, 'narrow', ['']);
  },
};
