/**
 * The Arabic label set of the right-to-left stories (stories/arabicLabels.ts) is complete: the conference, PreJoin and
 * a device menu rendered with it show no Latin letter but in the names and messages the test gives them (and a chat
 * message's time, which follows the browser's locale), so a right-to-left picture never mixes in English.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MediaDeviceSelect, PreJoin, RoomProvider, VideoConference } from '../../src/index';
import { createTestRoom } from '../../src/testing/index';
import { arabic } from '../../stories/arabicLabels';

/** Texts and accessible names under `root` that hold a Latin letter once `data` is taken out. */
function latinLeft(root: HTMLElement, data: string[]): string[] {
  const found: string[] = [];
  const check = (text: string | null) => {
    // A chat message's time is in the browser's locale (Intl), not in the labels: "12:57 PM" here.
    let rest = (text ?? '').trim().replace(/\d{1,2}:\d{2}\s?(AM|PM)/g, '');
    for (const d of data) rest = rest.split(d).join('');
    if (/[A-Za-z]/.test(rest)) found.push(text!.trim());
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) check(walker.currentNode.textContent);
  for (const el of root.querySelectorAll('*')) for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) check(el.getAttribute(attr));
  return found;
}

test('every string of the Arabic set is in Arabic script', () => {
  const strings = Object.entries(arabic).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  expect(strings.length).toBeGreaterThan(50);
  expect(strings.filter(([, text]) => !/[\u0600-\u06FF]/.test(text) || /[A-Za-z]/.test(text)).map(([key]) => key)).toEqual([]);
});

test('the Arabic set leaves no Latin letter in the conference, PreJoin and a device menu', async () => {
  const room = createTestRoom({
    local: { identity: 'me', name: 'Moi', grants: { roomAdmin: true, roomRecord: true } },
    participants: [
      { identity: 'a', name: 'Anne', camera: true, microphone: 'muted', connectionQuality: 'good' },
      { identity: 'b', name: 'Bruno', screenShare: true },
    ],
    recording: true,
    devices: { audioinput: [{ deviceId: 'm', label: 'Micro USB' }], videoinput: [{ deviceId: 'c', label: 'Webcam' }], audiooutput: [{ deviceId: 's', label: 'Enceintes' }] },
    audioPlaybackBlocked: true,
  });
  const { container } = render(
    <RoomProvider room={room} labels={arabic}>
      <VideoConference defaultChatOpen onStartRecording={async () => {}} onStopRecording={async () => {}} onRemoveParticipant={async () => {}} onMuteParticipant={async () => {}} onUpdatePermissions={async () => {}} />
      <PreJoin onSubmit={() => {}} />
      <MediaDeviceSelect kind="audiooutput" />
    </RoomProvider>,
  );
  act(() => void room.deliverChat('a', 'Bonjour'));
  await userEvent.click(screen.getByRole('button', { name: 'إدارة Anne' }));
  act(() => void room.setConnectionState('reconnecting'));
  const data = ['Moi', 'Anne', 'Bruno', 'Bonjour', 'Micro USB', 'Webcam', 'Enceintes', 'A', 'B', 'M'];
  expect(latinLeft(container, data)).toEqual([]);
  expect(screen.getByRole('button', { name: 'مغادرة' })).toBeInTheDocument();
});
