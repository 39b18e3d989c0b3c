import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { ControlBar, RoomProvider, VideoConference } from '../../src/index';
import { FOLD_ORDER } from '../../src/ui/Toolbar';
import { foldControls, type FoldItem } from '../../src/ui/useFold';
import { createTestRoom } from '../../src/testing/index';
import { renderInRoom } from '../helpers/render';

const item = (id: string, full = 100, compact = 44): FoldItem => ({ id, full, compact });

describe('foldControls (which controls a bar of a given width shows)', () => {
  const items = ['microphone', 'cameraDevice', 'screenShare', 'chat', 'raiseHand', 'leave'].map((id) => item(id));
  // Labelled: 6 × 100 + 5 × 8 = 640. Icons alone: 6 × 44 + 5 × 8 = 304.

  it('keeps the labels while the labelled bar fits in one row', () => {
    expect(foldControls(640, items, FOLD_ORDER)).toEqual({ compact: false, folded: [] });
    expect(foldControls(1000, items, FOLD_ORDER)).toEqual({ compact: false, folded: [] });
  });

  it('shows icons alone when the labels need a second row, and folds nothing while the icons fit', () => {
    expect(foldControls(639, items, FOLD_ORDER)).toEqual({ compact: true, folded: [] });
    expect(foldControls(320, items, FOLD_ORDER)).toEqual({ compact: true, folded: [] });
    expect(foldControls(304, items, FOLD_ORDER)).toEqual({ compact: true, folded: [] });
  });

  it('folds the least used controls first, counting the More button, and never a control missing from the order', () => {
    // 303: fold cameraDevice (−52) but add More (+52): still 304; then screenShare: 252.
    expect(foldControls(303, items, FOLD_ORDER)).toEqual({ compact: true, folded: ['cameraDevice', 'screenShare'] });
    // However narrow, the microphone, chat and leave stay.
    expect(foldControls(50, items, FOLD_ORDER).folded).toEqual(['cameraDevice', 'screenShare', 'raiseHand']);
  });

  it('never folds a control that renders nothing (0 px wide), so More never opens on an empty panel', () => {
    const withEmpty = [item('microphone'), item('pictureInPicture', 0, 0), item('chat'), item('leave')];
    expect(foldControls(100, withEmpty, FOLD_ORDER)).toEqual({ compact: true, folded: [] });
  });

  it('folds nothing where the bar has no width (not laid out)', () => {
    expect(foldControls(0, items, FOLD_ORDER)).toEqual({ compact: false, folded: [] });
    expect(foldControls(Number.NaN, items, FOLD_ORDER)).toEqual({ compact: false, folded: [] });
  });

  it('is monotonic: a narrower bar folds at least what a wider one folds (so resizing never oscillates)', () => {
    const ids = ['microphone', ...FOLD_ORDER, 'leave'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 44, max: 300 }), fc.integer({ min: 44, max: 200 })), { minLength: ids.length, maxLength: ids.length }),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 3000 }),
        (sizes, a, b) => {
          const list = ids.map((id, i) => item(id, Math.max(sizes[i]![0], sizes[i]![1]), sizes[i]![1]));
          const [narrow, wide] = [foldControls(Math.min(a, b), list, FOLD_ORDER), foldControls(Math.max(a, b), list, FOLD_ORDER)];
          expect(wide.folded.every((id) => narrow.folded.includes(id))).toBe(true);
          if (wide.compact) expect(narrow.compact).toBe(true);
        },
      ),
    );
  });
});

/**
 * jsdom has no layout: a fake ResizeObserver and fake boxes stand in for the browser. Every control is 100 px wide
 * with its label and 44 px as an icon (while the bar has data-compact); the bar is `barWidth` wide.
 */
let barWidth = 2000;
const observers: Array<{ callback: ResizeObserverCallback; targets: Set<Element> }> = [];

beforeEach(() => {
  barWidth = 2000;
  observers.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      entry: { callback: ResizeObserverCallback; targets: Set<Element> };
      constructor(callback: ResizeObserverCallback) {
        this.entry = { callback, targets: new Set() };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.add(target);
      }
      unobserve(target: Element) {
        this.entry.targets.delete(target);
      }
      disconnect() {
        observers.splice(observers.indexOf(this.entry), 1);
      }
    },
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'toolbar' ? barWidth : 0;
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const width = this.closest('[data-compact]') ? 44 : 100;
    return { x: 0, y: 0, left: 0, top: 0, right: width, bottom: 44, width, height: 44, toJSON: () => ({}) } as DOMRect;
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The bar's observer reports a new width. */
function resize(width: number) {
  barWidth = width;
  const bar = observers.find((o) => [...o.targets].some((t) => t.getAttribute('role') === 'toolbar'))!;
  act(() => bar.callback([{ contentRect: { width } } as ResizeObserverEntry], {} as ResizeObserver));
}

const everything = { chat: true, participants: true, raiseHand: true, reactions: true } as const;
const bar = () => screen.getByRole('toolbar', { name: 'Meeting controls' });

describe('ControlBar on a narrow bar', () => {
  it('measures the bar, hides labels, folds the less used controls into More and unfolds them when it widens', () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' } });
    render(
      <RoomProvider room={room}>
        <ControlBar controls={everything} />
      </RoomProvider>,
    );
    expect(bar()).not.toHaveAttribute('data-compact');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();

    // 10 controls: 10 × 44 + 9 × 8 = 512 as icons. At 400: both device selects, screen share and reactions fold.
    resize(400);
    expect(bar()).toHaveAttribute('data-compact');
    const more = within(bar()).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-haspopup', 'dialog');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    for (const name of ['Microphone', 'Camera', 'Chat', 'Participants (1)', 'Raise hand', 'Leave']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share screen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reactions' })).toBeNull();

    resize(2000);
    expect(bar()).not.toHaveAttribute('data-compact');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Choose microphone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share screen' })).toBeInTheDocument();
  });

  it('watches each control in the bar as well as the bar, and follows the controls as they fold and come back', () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' } });
    render(
      <RoomProvider room={room}>
        <ControlBar controls={everything} />
      </RoomProvider>,
    );
    const watched = () => [...observers[0]!.targets];
    const inBar = () => [bar(), ...Array.from(bar().querySelectorAll('[data-control]')).flatMap((slot) => Array.from(slot.children))];
    expect(observers).toHaveLength(1);
    expect(new Set(watched())).toEqual(new Set(inBar()));
    expect(watched()).toContain(screen.getByRole('button', { name: 'Share screen' }));
    resize(400);
    // Share screen folded into More: no longer watched; the More panel's controls are not the bar's.
    expect(screen.queryByRole('button', { name: 'Share screen' })).toBeNull();
    expect(new Set(watched())).toEqual(new Set(inBar()));
    resize(2000);
    expect(watched()).toContain(screen.getByRole('button', { name: 'Share screen' }));
    expect(new Set(watched())).toEqual(new Set(inBar()));
  });

  /** Everything in a 400 px bar with a microphone and a camera listed: most controls fold into More. */
  const renderFoldedBar = () => {
    const room = createTestRoom({
      local: { identity: 'me', name: 'Me' },
      devices: { audioinput: [{ deviceId: 'mic-1', label: 'Built-in microphone' }], videoinput: [{ deviceId: 'cam-1', label: 'HD camera' }] },
    });
    render(
      <RoomProvider room={room}>
        <ControlBar controls={everything} />
      </RoomProvider>,
    );
    resize(400);
    return screen.getByRole('button', { name: 'More' });
  };

  it('opens More with the keyboard on its first control; arrows, Home and End move; Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    const more = renderFoldedBar();
    more.focus();
    await user.keyboard('{ArrowDown}');
    const panel = screen.getByRole('dialog', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveAttribute('aria-controls', panel.id);
    // Focus is in the panel as soon as it shows (the first enabled control): no frame or timer to wait for.
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    // The folded controls themselves, named and in bar order.
    // The device selects list their devices once mounted (until then they are disabled and skipped).
    const mic = within(panel).getByRole('combobox', { name: 'Choose microphone' });
    await waitFor(() => expect(mic).toBeEnabled());
    await user.keyboard('{Home}');
    expect(mic).toHaveFocus();
    expect(within(panel).getByRole('combobox', { name: 'Choose camera' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Share screen' })).toBeInTheDocument();
    const reactions = within(panel).getByRole('button', { name: 'Reactions' });
    await user.keyboard('{End}');
    expect(reactions).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(panel).getByRole('button', { name: 'Share screen' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(reactions).toHaveFocus();
    // Past the last control, ArrowDown wraps to the first.
    await user.keyboard('{ArrowDown}');
    expect(mic).toHaveFocus();
    // A select keeps its own arrow keys (they pick a device); Home and End still move.
    await user.keyboard('{End}');
    expect(reactions).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(more).toHaveFocus();
    expect(more).toHaveAttribute('aria-expanded', 'false');

    // Escape in the reactions picker inside it closes the picker alone; the next Escape closes More.
    await user.click(more);
    await user.click(within(screen.getByRole('dialog', { name: 'More' })).getByRole('button', { name: 'Reactions' }));
    expect(screen.getByRole('group', { name: 'Reactions' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Reactions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reactions' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(more).toHaveFocus();

    // A click outside closes it too.
    await user.click(more);
    expect(screen.getByRole('dialog', { name: 'More' })).toBeInTheDocument();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never moves focus after the person has moved on: a click on Reactions in a just-opened More keeps focus there, frames later', async () => {
    const user = userEvent.setup();
    const more = renderFoldedBar();
    // A quick person: the two clicks come before the next frame (a pointer press focuses what it presses).
    more.focus();
    fireEvent.click(more);
    const panel = screen.getByRole('dialog', { name: 'More' });
    const reactions = within(panel).getByRole('button', { name: 'Reactions' });
    reactions.focus();
    fireEvent.click(reactions);
    expect(screen.getByRole('group', { name: 'Reactions' })).toBeInTheDocument();
    expect(reactions).toHaveFocus();
    // The device selects list their devices meanwhile; then two animation frames and a timer pass: whatever was
    // scheduled when More opened has run by now, and must not have pulled focus back to the first control.
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Choose microphone' })).toBeEnabled());
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
    expect(reactions).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Reactions' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'More' })).toBeInTheDocument();
    expect(reactions).toHaveFocus();
  });

  it('the More menu follows the grants: a viewer gets no device select and no publishing toggle in it', async () => {
    const user = userEvent.setup();
    const room = createTestRoom({ local: { identity: 'me', name: 'Me', grants: { canPublish: false } } });
    render(
      <RoomProvider room={room}>
        <ControlBar controls={everything} />
      </RoomProvider>,
    );
    // Viewer: chat, participants, raise hand, reactions, leave: 5 × 44 + 4 × 8 = 252. At 200: reactions and raise hand fold.
    resize(200);
    await user.click(screen.getByRole('button', { name: 'More' }));
    const panel = screen.getByRole('dialog', { name: 'More' });
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual(['Raise hand', 'Reactions']);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Microphone|Camera|Share screen/ })).toBeNull();
  });

  it('the keyboard shortcuts list opens from the More menu, and Escape gives focus to More (its item is gone with the menu)', async () => {
    const user = userEvent.setup();
    render(
      <RoomProvider room={createTestRoom({ local: { identity: 'me', name: 'Me' } })}>
        <VideoConference />
      </RoomProvider>,
    );
    resize(300);
    const more = within(bar()).getByRole('button', { name: 'More' });
    await user.click(more);
    await user.click(within(screen.getByRole('dialog', { name: 'More' })).getByRole('button', { name: 'Keyboard shortcuts' }));
    const list = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(list).toHaveFocus();
    // Focus left the More panel, which closed.
    expect(screen.queryByRole('dialog', { name: 'More' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(more).toHaveFocus();
  });
});

describe('ControlBar sections', () => {
  const order = () => [...screen.getByRole('toolbar').querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent);
  const starts = () =>
    [...screen.getByRole('toolbar').querySelectorAll('[data-section-start]')].map((el) => el.querySelector('button')?.textContent);

  it('puts media first, then the conversation and panels, then leave apart, each later section marked', () => {
    renderInRoom(<ControlBar controls={{ ...everything, devices: false }} />, { local: { identity: 'me', name: 'Me' } });
    expect(order()).toEqual(['Microphone', 'Camera', 'Share screen', 'Raise hand', 'Reactions', 'Chat', 'Participants (1)', 'Leave']);
    expect(starts()).toEqual(['Raise hand', 'Leave']);
  });

  it('for a viewer, the conversation opens the bar unmarked and only leave stands apart', () => {
    renderInRoom(<ControlBar controls={everything} />, { local: { identity: 'me', name: 'Me', grants: { canPublish: false } } });
    expect(order()).toEqual(['Raise hand', 'Reactions', 'Chat', 'Participants (1)', 'Leave']);
    expect(starts()).toEqual(['Leave']);
  });
});

describe('VideoConference side panels', () => {
  it('a panel has a close button that closes it and returns focus to its toggle', async () => {
    const user = userEvent.setup();
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' } });
    render(
      <RoomProvider room={room}>
        <VideoConference defaultChatOpen />
      </RoomProvider>,
    );
    expect(screen.getByRole('region', { name: 'Chat' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('region', { name: 'Chat' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Chat' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Participants (1)' }));
    await user.click(screen.getByRole('button', { name: 'Close participants' }));
    expect(screen.getByRole('button', { name: 'Participants (1)' })).toHaveFocus();
  });
});
