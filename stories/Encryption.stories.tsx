import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ParticipantTile, VideoConference } from '@roomkit/react';
import '@roomkit/react/styles.css';
import { defaultRoomArgs, roomArgTypes, withRoom, type RoomArgs } from '../.storybook/roomDecorator';
import { french } from './frenchLabels';
import { EncryptionRefused as EncryptionRefusedProvider } from './joinStates';

/** End-to-end encrypted meetings (`RoomProvider e2ee={{ passphrase }}`): the lock, and media that cannot be decrypted. */
const meta = {
  title: 'Prefabs/VideoConference/Encryption',
  decorators: [withRoom],
  args: { ...defaultRoomArgs, ambient: false, encrypted: true },
  argTypes: roomArgTypes,
  parameters: { layoutHeight: '640px' },
  render: () => <VideoConference style={{ height: 600 }} />,
} satisfies Meta<RoomArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const LOCK = 'End-to-end encrypted';

/** Everyone shares the passphrase: a badge in the header and a lock on each tile. */
export const Encrypted: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(LOCK)).toBeVisible();
    const ada = c.getByRole('group', { name: 'Ada' });
    await expect(ada).toHaveAttribute('data-encrypted', '');
    await expect(within(ada).getByRole('img', { name: LOCK })).toBeVisible();
    await expect(c.getByRole('group', { name: /Me/ })).toHaveAttribute('data-encrypted', '');
  },
};

/**
 * Grace joined with another passphrase: her tile says so instead of showing a black video; the others play. Her
 * video stays subscribed beneath the notice, so once both hold the same key again (turn the control off) her first
 * decrypted frames end it.
 */
export const CannotDecrypt: Story = {
  args: { undecryptable: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const grace = c.getByRole('group', { name: 'Grace' });
    await expect(grace).toHaveAttribute('data-decryption-failed', '');
    await expect(within(grace).getByText('Can’t decrypt: a different passphrase?')).toBeVisible();
    // Kept subscribed beneath the notice, which covers it.
    await expect(grace.querySelector('video')).not.toBeNull();
    await expect(grace.querySelector('[data-reason="cannot-decrypt"]')).toHaveClass('rk-tile-overlay');
    await expect(c.getByRole('group', { name: 'Ada' })).not.toHaveAttribute('data-decryption-failed');
  },
};

/** A viewer (no publish grant) in an encrypted room: the same locks, no publish controls. */
export const EncryptedViewer: Story = {
  args: { canPublish: false, undecryptable: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(LOCK)).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Microphone' })).toBeNull();
    await expect(within(c.getByRole('group', { name: 'Grace' })).getByText('Can’t decrypt: a different passphrase?')).toBeVisible();
  },
};

/** An unencrypted room shows no lock anywhere. */
export const NotEncrypted: Story = {
  args: { encrypted: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByText(LOCK)).toBeNull();
    await expect(c.queryByRole('img', { name: LOCK })).toBeNull();
  },
};

/** Asked to encrypt where it cannot: the session stays out and says why in words. */
export const EncryptionUnsupported: Story = {
  decorators: [(Story) => <EncryptionRefusedProvider>{<Story />}</EncryptionRefusedProvider>],
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(/this browser cannot encrypt/)).toBeVisible();
    await expect(c.queryAllByRole('group')).toHaveLength(0);
  },
};

/** French labels word the lock and the failure. */
export const French: Story = {
  args: { undecryptable: true },
  parameters: { labels: french },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Chiffré de bout en bout')).toBeVisible();
    await expect(c.getByText('Déchiffrement impossible : autre phrase secrète ?')).toBeVisible();
  },
};

/** One tile on its own, encrypted. */
export const Tile: Story = {
  render: () => (
    <div style={{ width: 360, height: 220 }}>
      <ParticipantTile identity="p1" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: LOCK })).toBeVisible();
  },
};
