import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, Profiler, type ReactNode } from 'react';
import {
  DEFAULT_MEETING_SHORTCUTS,
  LiveAnnouncer,
  MeetingShortcutsDialog,
  RoomProvider,
  VideoConference,
  isRoomKitError,
  matchesShortcut,
  parseShortcut,
  shortcutKeys,
  useMeetingShortcuts,
  type MeetingShortcuts,
  type RoomKitError,
  type ShortcutKeyEvent,
} from '../../src/index';
import { createTestRoom, type TestRoom, type TestRoomInit } from '../../src/testing/index';

/** Every wait of this file, bounded. */
const BOUND = { timeout: 2_000 };

const announcer = () => screen.getByTestId('rk-announcer');
const micToggle = () => screen.getByRole('button', { name: 'Microphone' });
const cameraToggle = () => screen.getByRole('button', { name: 'Camera' });
const handToggle = () => screen.getByRole('button', { name: 'Raise hand' });

/** A key event's fields, as a browser on Windows or Linux sends them for Alt+Shift and a letter. */
const altShift = (letter: string, extra: Partial<KeyboardEventInit> = {}): KeyboardEventInit => ({
  key: letter.toUpperCase(),
  code: `Key${letter.toUpperCase()}`,
  altKey: true,
  shiftKey: true,
  bubbles: true,
  cancelable: true,
  ...extra,
});
const press = (init: KeyboardEventInit, target: Element = document.body) => act(() => void fireEvent.keyDown(target, init));
const release = (init: KeyboardEventInit, target: Element = document.body) => act(() => void fireEvent.keyUp(target, init));
/** Dispatches a keydown and says whether a shortcut took it (prevented its default). */
const taken = (init: KeyboardEventInit, target: Element = document.body) => {
  const event = new KeyboardEvent('keydown', init);
  act(() => void target.dispatchEvent(event));
  return event.defaultPrevented;
};

function conference(init: TestRoomInit = {}, shortcuts?: MeetingShortcuts | false) {
  const room = createTestRoom({ participants: [{ identity: 'ada', name: 'Ada' }], ...init });
  const result = render(
    <RoomProvider room={room}>
      <VideoConference {...(shortcuts === undefined ? {} : { shortcuts })} />
    </RoomProvider>,
  );
  return { room, ...result };
}

const micOn = (room: TestRoom) => room.localParticipant.isMicrophoneEnabled;

/**
 * Turns the camera on by its shortcut and waits until that is said: the shortcuts' switches run one after another,
 * so every switch an earlier key started has finished by then.
 */
async function settle() {
  press(altShift('v'));
  await waitFor(() => expect(announcer()).toHaveTextContent('Camera on'), BOUND);
}

describe('parseShortcut', () => {
  it('reads modifiers and one key, in any case and with the Mac names', () => {
    expect(parseShortcut('Alt+Shift+M')).toEqual({ key: 'M', code: 'KeyM', ctrl: false, alt: true, shift: true, meta: false });
    expect(parseShortcut(' alt + shift + m ')).toEqual(parseShortcut('Alt+Shift+M'));
    expect(parseShortcut('Option+Cmd+1')).toEqual({ key: '1', code: 'Digit1', ctrl: false, alt: true, shift: false, meta: true });
    expect(parseShortcut('Control+F5')).toMatchObject({ key: 'F5', code: 'F5', ctrl: true });
    expect(parseShortcut('Ctrl+slash')).toMatchObject({ key: 'Slash', code: 'Slash' });
    expect(parseShortcut('Shift+space')).toMatchObject({ key: 'Space', code: 'Space', shift: true });
  });

  it('reads Mod as Command on Apple keyboards and as Ctrl elsewhere', () => {
    expect(parseShortcut('Mod+K', { apple: true })).toMatchObject({ meta: true, ctrl: false });
    expect(parseShortcut('Mod+K', { apple: false })).toMatchObject({ meta: false, ctrl: true });
  });

  it.each([
    ['Alt+', /names no key after the last "\+"/],
    ['', /names no key after the last "\+"|empty/],
    ['Alt++M', /empty part/],
    ['Alt+Shift', /names no key, only modifiers/],
    ['Alt+Foo', /"Foo" is not a key RoomKit knows\. Use a letter, a digit, F1–F12 or Space, Enter/],
    ['Ctrl+/', /"\/" is not a key RoomKit knows.*Slash/],
    ['Alt+M+K', /names two keys, "M" and "K"/],
    ['Alt+alt+M', /names alt twice/],
  ])('refuses %j with invalid-shortcut, naming the problem and the fix', (combo, problem) => {
    let thrown: unknown;
    try {
      parseShortcut(combo);
    } catch (error) {
      thrown = error;
    }
    expect(isRoomKitError(thrown, 'invalid-shortcut')).toBe(true);
    const error = thrown as RoomKitError;
    expect(error.message).toMatch(problem);
    expect(error.message).toContain(`Shortcut "${combo}"`);
    expect(error.message).toContain('e.g. "Alt+Shift+M"');
    expect(error.details).toEqual({ combo });
  });

  it('lists keys in the order people say them', () => {
    expect(shortcutKeys(parseShortcut('Shift+Meta+Alt+Ctrl+K'))).toEqual(['Ctrl', 'Alt', 'Shift', 'Meta', 'K']);
  });
});

describe('matchesShortcut', () => {
  const m = parseShortcut('Alt+Shift+M');
  const event = (init: Partial<ShortcutKeyEvent>): ShortcutKeyEvent => ({ key: 'M', code: 'KeyM', ctrlKey: false, altKey: true, shiftKey: true, metaKey: false, ...init });

  it('needs exactly the modifiers of the shortcut', () => {
    expect(matchesShortcut(event({}), m)).toBe(true);
    expect(matchesShortcut(event({ ctrlKey: true }), m)).toBe(false);
    expect(matchesShortcut(event({ shiftKey: false, key: 'm' }), m)).toBe(false);
    expect(matchesShortcut(event({ metaKey: true }), m)).toBe(false);
  });

  it('matches a letter as the layout types it (AZERTY’s M sits where QWERTY has ;)', () => {
    expect(matchesShortcut(event({ key: 'M', code: 'Semicolon' }), m)).toBe(true);
    // AZERTY's key at QWERTY's M types "?" with Shift: not M.
    expect(matchesShortcut(event({ key: '?', code: 'KeyM' }), m)).toBe(false);
  });

  it('matches a letter by its place where the layout types no Latin letter (Option on a Mac, Cyrillic)', () => {
    expect(matchesShortcut(event({ key: 'Â', code: 'KeyM' }), m)).toBe(true);
    expect(matchesShortcut(event({ key: 'Ь', code: 'KeyM' }), m)).toBe(true);
    expect(matchesShortcut(event({ key: 'Dead', code: 'KeyN' }), m)).toBe(false);
  });

  it('matches digits by their place, whatever Shift makes of them', () => {
    expect(matchesShortcut({ key: '!', code: 'Digit1', ctrlKey: true, altKey: false, shiftKey: true, metaKey: false }, parseShortcut('Ctrl+Shift+1'))).toBe(true);
  });
});

describe('VideoConference keyboard shortcuts (on by default)', () => {
  it('Alt+Shift+M switches the microphone and says so', async () => {
    const { room } = conference();
    expect(micToggle()).toHaveAttribute('aria-pressed', 'false');
    press(altShift('m'));
    await waitFor(() => expect(micToggle()).toHaveAttribute('aria-pressed', 'true'), BOUND);
    await waitFor(() => expect(announcer()).toHaveTextContent('Microphone on'), BOUND);
    expect(micOn(room)).toBe(true);
    press(altShift('m'));
    await waitFor(() => expect(micToggle()).toHaveAttribute('aria-pressed', 'false'), BOUND);
    await waitFor(() => expect(announcer()).toHaveTextContent('Microphone off'), BOUND);
  });

  it('Alt+Shift+V switches the camera and says so', async () => {
    const { room } = conference();
    press(altShift('v'));
    await waitFor(() => expect(cameraToggle()).toHaveAttribute('aria-pressed', 'true'), BOUND);
    await waitFor(() => expect(announcer()).toHaveTextContent('Camera on'), BOUND);
    expect(room.localParticipant.isCameraEnabled).toBe(true);
    press(altShift('v'));
    await waitFor(() => expect(announcer()).toHaveTextContent('Camera off'), BOUND);
    expect(cameraToggle()).toHaveAttribute('aria-pressed', 'false');
  });

  it('Alt+Shift+H raises and lowers the hand for everyone and says so', async () => {
    const { room } = conference();
    press(altShift('h'));
    await waitFor(() => expect(handToggle()).toHaveAttribute('aria-pressed', 'true'), BOUND);
    await waitFor(() => expect(announcer()).toHaveTextContent('Hand raised'), BOUND);
    expect(room.sentData.filter((d) => d.topic === 'roomkit.hand').map((d) => JSON.parse(d.text).type)).toContain('raise');
    press(altShift('h'));
    await waitFor(() => expect(handToggle()).toHaveAttribute('aria-pressed', 'false'), BOUND);
    await waitFor(() => expect(announcer()).toHaveTextContent('Hand lowered'), BOUND);
  });

  it('Alt+Shift+C opens chat with focus in its message field and says so', async () => {
    conference();
    press(altShift('c'));
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Chat' })).toHaveAttribute('aria-pressed', 'true');
    expect(announcer()).toHaveTextContent('Chat opened');
    // Open already, with focus elsewhere: focus goes back to the field.
    act(() => micToggle().focus());
    press(altShift('c'));
    expect(input).toHaveFocus();
  });

  it('Alt+Shift+C puts focus on the chat log where this session may not send', () => {
    conference({ local: { grants: { canPublishData: false } } });
    press(altShift('c'));
    expect(screen.getByRole('log', { name: 'Chat messages' })).toHaveFocus();
  });

  it('matches Option+Shift+M on a Mac, which types "Â", by the key’s place', async () => {
    conference();
    press(altShift('m', { key: 'Â' }));
    await waitFor(() => expect(micToggle()).toHaveAttribute('aria-pressed', 'true'), BOUND);
  });

  it('ignores auto-repeat: holding Alt+Shift+M switches once', async () => {
    const { room } = conference();
    press(altShift('m'));
    press(altShift('m', { repeat: true }));
    await settle();
    expect(micOn(room)).toBe(true);
  });

  it('leaves a key alone while an IME composes, or when something handled it already', async () => {
    const { room } = conference();
    press(altShift('m', { isComposing: true }));
    const handled = new KeyboardEvent('keydown', altShift('m'));
    handled.preventDefault();
    act(() => void document.body.dispatchEvent(handled));
    expect(taken(altShift('x'))).toBe(false);
    await settle();
    expect(micOn(room)).toBe(false);
  });
});

describe('never while typing', () => {
  it('does nothing while focus is in the chat’s message field', async () => {
    const user = userEvent.setup();
    const { room } = conference();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.click(input);
    await user.keyboard('{Alt>}{Shift>}MVHK{/Shift}{/Alt}');
    await settle();
    expect(micOn(room)).toBe(false);
    expect(handToggle()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    // Leaving the field, the same keys act.
    act(() => micToggle().focus());
    await user.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}');
    await waitFor(() => expect(micOn(room)).toBe(true), BOUND);
  });

  it.each([
    ['a textarea', '<textarea></textarea>'],
    ['a select', '<select><option>a</option></select>'],
    ['editable content', '<div contenteditable="true">x</div>'],
    ['role textbox', '<div role="textbox" tabindex="0">x</div>'],
    ['role combobox', '<div role="combobox" tabindex="0" aria-expanded="false" aria-controls="x">x</div>'],
    ['a search input', '<input type="search">'],
  ])('does nothing in %s', (_name, html) => {
    const { room } = conference();
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    const field = host.firstElementChild!;
    expect(taken(altShift('m'), field)).toBe(false);
    expect(micOn(room)).toBe(false);
    host.remove();
  });

  it('acts from a button', async () => {
    const { room } = conference();
    press(altShift('m'), screen.getByRole('button', { name: 'Camera' }));
    await waitFor(() => expect(micOn(room)).toBe(true), BOUND);
  });
});

describe('hold to talk (Alt+Shift+P)', () => {
  it('makes a muted microphone live while held, and mutes it on key up', async () => {
    const { room } = conference();
    press(altShift('p'));
    await waitFor(() => expect(micOn(room)).toBe(true), BOUND);
    await waitFor(() => expect(announcer()).toHaveTextContent('Microphone on'), BOUND);
    press(altShift('p', { repeat: true }));
    // Letting go of a modifier first keeps talking: the key itself ends it.
    release({ key: 'Alt', code: 'AltLeft', shiftKey: true, bubbles: true });
    expect(micOn(room)).toBe(true);
    release({ key: 'P', code: 'KeyP', shiftKey: true, bubbles: true });
    await waitFor(() => expect(micOn(room)).toBe(false), BOUND);
    await waitFor(() => expect(announcer()).toHaveTextContent('Microphone off'), BOUND);
  });

  it('mutes again when the window loses focus, so it cannot stick', async () => {
    const { room } = conference();
    press(altShift('p'));
    await waitFor(() => expect(micOn(room)).toBe(true), BOUND);
    act(() => void fireEvent.blur(window));
    await waitFor(() => expect(micOn(room)).toBe(false), BOUND);
  });

  it('mutes again when the page is hidden', async () => {
    const { room } = conference();
    press(altShift('p'));
    await waitFor(() => expect(micOn(room)).toBe(true), BOUND);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(micOn(room)).toBe(false), BOUND);
    visibility.mockRestore();
  });

  it('gives way to the microphone shortcut: once pressed while talking, letting go changes nothing', async () => {
    const { room } = conference();
    press(altShift('p'));
    press(altShift('m')); // off
    press(altShift('m')); // on again, by choice
    release({ key: 'P', code: 'KeyP', bubbles: true });
    await settle();
    expect(micOn(room)).toBe(true);
  });

  it('does nothing with the microphone already on: it stays on after the keys are let go', async () => {
    const user = userEvent.setup();
    const { room } = conference();
    await user.click(micToggle());
    await waitFor(() => expect(micOn(room)).toBe(true), BOUND);
    press(altShift('p'));
    release({ key: 'P', code: 'KeyP', bubbles: true });
    await settle();
    expect(micOn(room)).toBe(true);
    expect(announcer()).toHaveTextContent(/^Camera on$/);
  });
});

describe('rebinding and turning off', () => {
  it('rebinds one action and keeps the others', async () => {
    const { room } = conference({}, { toggleMicrophone: 'Ctrl+Alt+1' });
    expect(taken(altShift('m'))).toBe(false);
    expect(taken({ key: '1', code: 'Digit1', ctrlKey: true, altKey: true, bubbles: true, cancelable: true })).toBe(true);
    await settle();
    expect(micOn(room)).toBe(true);
  });

  it('false turns every shortcut off, and the list’s button goes', () => {
    conference({}, false);
    expect([...'MVPHCK'].filter((letter) => taken(altShift(letter)))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Chat' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('false for one action turns that one off and drops it from the list', async () => {
    conference({}, { raiseHand: false });
    press(altShift('h'));
    press(altShift('k'));
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).queryByText('Raise or lower your hand')).toBeNull();
    expect(within(dialog).getByText('Turn microphone on or off')).toBeInTheDocument();
    expect(handToggle()).toHaveAttribute('aria-pressed', 'false');
  });

  it('throws invalid-shortcut for a bad combo and for two actions on the same keys', () => {
    const errors: unknown[] = [];
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override componentDidCatch(error: unknown) {
        errors.push(error);
      }
      override render() {
        return this.state.failed ? null : this.props.children;
      }
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const shortcuts of [{ toggleMicrophone: 'Alt+' }, { raiseHand: 'Alt+Shift+M' }] as MeetingShortcuts[]) {
      render(
        <Boundary>
          <RoomProvider room={createTestRoom()}>
            <VideoConference shortcuts={shortcuts} />
          </RoomProvider>
        </Boundary>,
      );
    }
    expect(errors.map((e) => isRoomKitError(e, 'invalid-shortcut'))).toEqual([true, true]);
    expect((errors[1] as Error).message).toBe(
      'Shortcut "Alt+Shift+M": toggleMicrophone and raiseHand both use it. Give each action keys of its own, or turn one off with false.',
    );
  });
});

describe('grants', () => {
  it('a viewer gets no microphone, camera or hold-to-talk shortcut, and the list leaves them out', async () => {
    const { room } = conference({ local: { grants: { canPublish: false } } });
    const publish = vi.spyOn(room.localParticipant, 'setMicrophoneEnabled');
    // Not bound here: the keys go on to the page and the browser.
    expect([...'MVP'].filter((letter) => taken(altShift(letter)))).toEqual([]);
    expect(publish).not.toHaveBeenCalled();
    expect(announcer()).toHaveTextContent('');
    press(altShift('k'));
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect([...dialog.querySelectorAll('[data-action]')].map((row) => row.getAttribute('data-action'))).toEqual(['raiseHand', 'openChat', 'showShortcuts']);
  });

  it('without canPublishData the hand shortcut is off; chat still opens (to read)', () => {
    conference({ local: { grants: { canPublishData: false } } });
    press(altShift('k'));
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect([...dialog.querySelectorAll('[data-action]')].map((row) => row.getAttribute('data-action'))).toEqual([
      'toggleMicrophone',
      'toggleCamera',
      'pushToTalk',
      'openChat',
      'showShortcuts',
    ]);
  });

  it('follows grants that change during the meeting', async () => {
    const { room } = conference();
    act(() => void room.setPermissions(room.localParticipant.identity, { canPublish: false }));
    expect(taken(altShift('m'))).toBe(false);
    act(() => void room.setPermissions(room.localParticipant.identity, { canPublish: true }));
    press(altShift('m'));
    await waitFor(() => expect(micOn(room)).toBe(true), BOUND);
  });
});

describe('outside a session', () => {
  it('takes no key while joining or after a refused join, like the toolbar it goes with', async () => {
    const { room } = conference({ connectionState: 'connecting' });
    expect([...'MVPHCK'].filter((letter) => taken(altShift(letter)))).toEqual([]);
    act(() => void room.setConnectionState('connected'));
    expect(taken(altShift('m'))).toBe(true);
    await waitFor(() => expect(micOn(room)).toBe(true), BOUND);
  });
});

describe('the list of shortcuts (MeetingShortcutsDialog)', () => {
  it('opens from the keyboard on its button, keeps focus inside, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    conference();
    const button = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    act(() => button.focus());
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    const close = within(dialog).getByRole('button', { name: 'Close keyboard shortcuts' });
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('closes when the session ends (its list would be empty) and stays closed on a rejoin', async () => {
    const user = userEvent.setup();
    const { room } = conference();
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' }).querySelectorAll('[data-action]').length).toBeGreaterThan(0);
    act(() => void room.setConnectionState('disconnected'));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void room.setConnectionState('connected'));
    expect(screen.getByRole('button', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens with Alt+Shift+K and lists every default with its keys', async () => {
    const user = userEvent.setup();
    conference();
    act(() => micToggle().focus());
    await user.keyboard('{Alt>}{Shift>}K{/Shift}{/Alt}');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = [...dialog.querySelectorAll('[data-action]')];
    expect(rows.map((row) => [row.getAttribute('data-action'), row.querySelector('dd')!.textContent])).toEqual(
      Object.entries(DEFAULT_MEETING_SHORTCUTS).map(([action, combo]) => [action, combo]),
    );
    expect(rows[0]!.querySelector('dt')).toHaveTextContent('Turn microphone on or off');
    await user.click(within(dialog).getByRole('button', { name: 'Close keyboard shortcuts' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(micToggle()).toHaveFocus();
  });

  it('shows keys as on an Apple keyboard, with their names for screen readers', () => {
    const room = createTestRoom();
    render(
      <RoomProvider room={room}>
        <MeetingShortcutsDialog apple shortcuts={[{ action: 'toggleMicrophone', combo: 'Alt+Shift+M', shortcut: parseShortcut('Alt+Shift+M') }]} onClose={() => {}} />
      </RoomProvider>,
    );
    const keys = screen.getByRole('dialog').querySelector('dd')!;
    expect([...keys.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['⌥Option', '⇧Shift', 'M']);
    expect([...keys.querySelectorAll('[aria-hidden="true"]')].map((k) => k.textContent)).toEqual(['⌥', '⇧']);
  });
});

describe('re-renders and listeners', () => {
  it('a key that is no shortcut, or one that cannot act, re-renders nothing', () => {
    const room = createTestRoom({ participants: 3, local: { grants: { canPublish: false } } });
    let commits = 0;
    render(
      <Profiler id="conference" onRender={() => commits++}>
        <RoomProvider room={room}>
          <VideoConference />
        </RoomProvider>
      </Profiler>,
    );
    commits = 0;
    press({ key: 'a', code: 'KeyA', bubbles: true });
    press(altShift('x'));
    press({ key: 'M', code: 'KeyM', ctrlKey: true, shiftKey: true, bubbles: true });
    press(altShift('m')); // the microphone, which this viewer may not publish
    release(altShift('m'));
    expect(commits).toBe(0);
  });

  it('listens with one keydown listener on the document for the whole meeting', () => {
    const added = vi.spyOn(document, 'addEventListener');
    const windowAdded = vi.spyOn(window, 'addEventListener');
    conference({ participants: 5 });
    expect(added.mock.calls.filter(([type]) => type === 'keydown')).toHaveLength(1);
    expect(added.mock.calls.filter(([type]) => type === 'keyup')).toHaveLength(1);
    expect(windowAdded.mock.calls.filter(([type]) => type === 'keydown' || type === 'keyup')).toHaveLength(0);
  });

  it('a second user of the same shortcuts on the room does not undo the first: one press, one switch', async () => {
    function MoreKeys() {
      useMeetingShortcuts();
      return null;
    }
    const room = createTestRoom();
    render(
      <RoomProvider room={room}>
        <VideoConference />
        <MoreKeys />
      </RoomProvider>,
    );
    press(altShift('m'));
    await settle();
    expect(micOn(room)).toBe(true);
  });
});

describe('useMeetingShortcuts in your own layout', () => {
  it('acts and says so through your LiveAnnouncer, and lists what can act', async () => {
    const room = createTestRoom({ local: { grants: { canPublishData: false } } });
    let listed: string[] = [];
    function Keys() {
      listed = useMeetingShortcuts({ shortcuts: { toggleCamera: false } }).shortcuts.map((s) => s.action);
      return null;
    }
    render(
      <RoomProvider room={room}>
        <Keys />
        <LiveAnnouncer />
      </RoomProvider>,
    );
    // No chat or list callbacks, no canPublishData: microphone and hold to talk only.
    expect(listed).toEqual(['toggleMicrophone', 'pushToTalk']);
    press(altShift('m'));
    await waitFor(() => expect(announcer()).toHaveTextContent('Microphone on'), BOUND);
  });
});
