import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, vi } from 'vitest';
import { ControlBar, PictureInPicture, PictureInPictureButton, RoomProvider, usePictureInPicture, VideoConference } from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

/**
 * A stand-in for a Document Picture-in-Picture window: a real second jsdom document (an about:blank frame's, so
 * that it has a view for accessibility queries), `close()` fires `pagehide` as the browser does.
 */
interface FakePipWindow extends EventTarget {
  document: Document;
  closed: boolean;
  close(): void;
}

/** Installs a fake `window.documentPictureInPicture` whose windows hold real (jsdom) documents. */
function fakeDocumentPictureInPicture() {
  const windows: FakePipWindow[] = [];
  const requestWindow = vi.fn(async (_options?: { width?: number; height?: number }) => {
    const frame = document.createElement('iframe');
    frame.dataset.test = '';
    document.body.append(frame);
    // jsdom plays no media: in the frame too, play() answers as a browser's does (the testing kit does so in the page).
    (frame.contentWindow as unknown as typeof window).HTMLMediaElement.prototype.play = () => Promise.resolve();
    const win = Object.assign(new EventTarget(), {
      document: frame.contentDocument!,
      closed: false,
      close() {
        if (win.closed) return;
        win.closed = true;
        win.dispatchEvent(new Event('pagehide'));
      },
    });
    windows.push(win);
    return win as unknown as Window;
  });
  Object.defineProperty(window, 'documentPictureInPicture', { value: { requestWindow }, configurable: true });
  return { requestWindow, windows };
}

/** Installs a fake `HTMLVideoElement.prototype.requestPictureInPicture` (jsdom has none). */
function fakeVideoPictureInPicture() {
  const requested: HTMLVideoElement[] = [];
  const requestPictureInPicture = vi.fn(async function (this: HTMLVideoElement) {
    requested.push(this);
    Object.defineProperty(document, 'pictureInPictureElement', { value: this, configurable: true });
    return {} as PictureInPictureWindow;
  });
  Object.defineProperty(HTMLVideoElement.prototype, 'requestPictureInPicture', { value: requestPictureInPicture, configurable: true });
  // The metadata of a live track arrives at once in a browser; jsdom never loads media.
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  const exitPictureInPicture = vi.fn(async () => {
    const el = document.pictureInPictureElement;
    Object.defineProperty(document, 'pictureInPictureElement', { value: null, configurable: true });
    el?.dispatchEvent(new Event('leavepictureinpicture'));
  });
  Object.defineProperty(document, 'exitPictureInPicture', { value: exitPictureInPicture, configurable: true });
  return { requestPictureInPicture, exitPictureInPicture, requested };
}

afterEach(() => {
  // Unmount first (it closes any window still open), then take the fakes away.
  cleanup();
  vi.useRealTimers();
  delete (window as { documentPictureInPicture?: unknown }).documentPictureInPicture;
  delete (HTMLVideoElement.prototype as { requestPictureInPicture?: unknown }).requestPictureInPicture;
  delete (document as { exitPictureInPicture?: unknown }).exitPictureInPicture;
  delete (document as { pictureInPictureElement?: unknown }).pictureInPictureElement;
  document.querySelectorAll('style[data-test], iframe[data-test]').forEach((s) => s.remove());
});

const button = () => screen.getByRole('button', { name: 'Picture-in-picture' });
/** Clicks and lets the browser's (fake) answer arrive. */
async function click(element: HTMLElement) {
  fireEvent.click(element);
  await act(async () => {
    await Promise.resolve();
  });
}
const tileIn = (doc: Document) => doc.querySelector('.rk-tile')?.getAttribute('aria-label');

function renderBar(room: TestRoom) {
  return render(
    <RoomProvider room={room}>
      <div className="rk-root" data-rk-theme="dark">
        <ControlBar controls={{ pictureInPicture: true }} />
      </div>
    </RoomProvider>,
  );
}

describe('Document Picture-in-Picture', () => {
  it('opens only on the click, renders the speaker tile, mic and leave into the window, with the page styles', async () => {
    const style = document.createElement('style');
    style.dataset.test = '';
    style.textContent = '.rk-tile { border: 1px solid red; }';
    document.head.append(style);
    const pip = fakeDocumentPictureInPicture();
    const room = createTestRoom({ participants: 3 });
    renderBar(room);
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(pip.requestWindow).not.toHaveBeenCalled();

    // The keyboard opens it as the mouse does (a native button).
    button().focus();
    await userEvent.keyboard('{Enter}');
    await act(async () => {
      await Promise.resolve();
    });
    expect(pip.requestWindow).toHaveBeenCalledTimes(1);
    expect(pip.requestWindow).toHaveBeenCalledWith({ width: 360, height: 300 });
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    const doc = pip.windows[0]!.document;
    const inWindow = within(doc.body);
    expect(inWindow.getByRole('region', { name: 'Meeting (picture-in-picture)' })).toBeInTheDocument();
    expect(tileIn(doc)).toBe('Participant 1');
    expect(inWindow.getByRole('button', { name: 'Microphone' })).toBeInTheDocument();
    expect(inWindow.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(doc.title).toBe('Meeting (picture-in-picture)');
    // The theme around the toggle carries into the window.
    expect(doc.querySelector('.rk-pip')).toHaveAttribute('data-rk-theme', 'dark');
    expect([...doc.head.querySelectorAll('style')].some((s) => s.textContent?.includes('.rk-tile'))).toBe(true);
    // Nothing of it lands in the page.
    expect(document.querySelectorAll('.rk-pip')).toHaveLength(0);
  });

  it('the window’s controls work from inside it: the microphone toggles, leave disconnects and closes it', async () => {
    const pip = fakeDocumentPictureInPicture();
    const room = createTestRoom({ participants: 2 });
    renderBar(room);
    await click(button());
    const inWindow = within(pip.windows[0]!.document.body);
    const mic = inWindow.getByRole('button', { name: 'Microphone' });
    expect(mic).toHaveAttribute('aria-pressed', 'false');
    await act(async () => {
      fireEvent.click(mic);
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(room.localParticipant.isMicrophoneEnabled).toBe(true);
    expect(inWindow.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'true');

    await act(async () => {
      fireEvent.click(inWindow.getByRole('button', { name: 'Leave' }));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(pip.windows[0]!.closed).toBe(true);
    expect(button()).toHaveAttribute('aria-pressed', 'false');
  });

  it('follows the speaker, and the pinned tile first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const pip = fakeDocumentPictureInPicture();
    const room = createTestRoom({ participants: 4 });
    render(
      <RoomProvider room={room}>
        <VideoConference />
      </RoomProvider>,
    );
    await click(button());
    const doc = pip.windows[0]!.document;
    expect(tileIn(doc)).toBe('Participant 1');

    act(() => void room.setSpeaking('participant-3', true).flush());
    act(() => void vi.advanceTimersByTime(1199));
    expect(tileIn(doc)).toBe('Participant 1');
    act(() => void vi.advanceTimersByTime(1));
    expect(tileIn(doc)).toBe('Participant 3');

    // A pin wins over the speaker.
    fireEvent.click(screen.getByRole('button', { name: 'Pin Participant 4' }));
    expect(tileIn(doc)).toBe('Participant 4');
    fireEvent.click(screen.getByRole('button', { name: 'Pin Participant 4' }));
    expect(tileIn(doc)).toBe('Participant 3');
    expect(doc.querySelectorAll('.rk-tile')).toHaveLength(1);
  });

  it('gives a viewer and a hidden observer the window without a microphone toggle', async () => {
    for (const grants of [{ canPublish: false }, { hidden: true }]) {
      const pip = fakeDocumentPictureInPicture();
      const room = createTestRoom({ participants: 2, local: { grants } });
      const { unmount } = renderBar(room);
      await click(button());
      const inWindow = within(pip.windows[0]!.document.body);
      expect(tileIn(pip.windows[0]!.document)).toBe('Participant 1');
      expect(inWindow.queryByRole('button', { name: 'Microphone' })).toBeNull();
      expect(inWindow.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
      unmount();
    }
  });

  it('closing the window (pagehide) resets the toggle; the toggle closes it; unmounting closes it', async () => {
    const pip = fakeDocumentPictureInPicture();
    const room = createTestRoom({ participants: 2 });
    const { unmount } = render(
      <RoomProvider room={room}>
        <VideoConference />
      </RoomProvider>,
    );
    await click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('rk-announcer')).toHaveTextContent('Picture-in-picture opened');
    act(() => pip.windows[0]!.close());
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(pip.windows[0]!.document.querySelector('.rk-pip')).toBeNull();
    expect(screen.getByTestId('rk-announcer')).toHaveTextContent('Picture-in-picture closed');

    await click(button());
    expect(pip.windows).toHaveLength(2);
    await click(button());
    expect(pip.windows[1]!.closed).toBe(true);
    expect(button()).toHaveAttribute('aria-pressed', 'false');

    await click(button());
    expect(pip.windows[2]!.closed).toBe(false);
    unmount();
    expect(pip.windows[2]!.closed).toBe(true);
  });

  it('two hosts for one room render the window once; the second takes over, and the last one unmounting closes it', async () => {
    const pip = fakeDocumentPictureInPicture();
    const room = createTestRoom({ participants: 2 });
    const tree = (first: boolean, second: boolean) => (
      <RoomProvider room={room}>
        <PictureInPictureButton />
        {first ? <PictureInPicture /> : null}
        {second ? <PictureInPicture /> : null}
      </RoomProvider>
    );
    const { rerender } = render(tree(true, true));
    await click(button());
    const doc = pip.windows[0]!.document;
    expect(doc.querySelectorAll('.rk-pip')).toHaveLength(1);
    rerender(tree(false, true));
    expect(pip.windows[0]!.closed).toBe(false);
    expect(doc.querySelectorAll('.rk-pip')).toHaveLength(1);
    expect(tileIn(doc)).toBe('Participant 1');
    rerender(tree(false, false));
    expect(pip.windows[0]!.closed).toBe(true);
    expect(screen.queryByRole('button', { name: 'Picture-in-picture' })).toBeNull();
  });

  it('a window the browser grants after the bar unmounted is closed at once, never left open', async () => {
    const pip = fakeDocumentPictureInPicture();
    let grant: (() => void) | undefined;
    pip.requestWindow.mockImplementationOnce(
      (options) => new Promise<Window>((resolve) => (grant = () => void pip.requestWindow(options).then(resolve))),
    );
    const room = createTestRoom({ participants: 2 });
    const { unmount } = renderBar(room);
    fireEvent.click(button());
    expect(button()).toHaveAttribute('data-pending', '');
    unmount();
    await act(async () => {
      grant!();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(pip.windows).toHaveLength(1);
    expect(pip.windows[0]!.closed).toBe(true);
  });

  it('closes when the session ends', async () => {
    const pip = fakeDocumentPictureInPicture();
    const room = createTestRoom({ participants: 2 });
    renderBar(room);
    await click(button());
    act(() => void room.setConnectionState('disconnected'));
    expect(pip.windows[0]!.closed).toBe(true);
  });

  it('a refusal (no user gesture) leaves the toggle off and reaches onError, else a development warning', async () => {
    const pip = fakeDocumentPictureInPicture();
    const refusal = () => new DOMException('Document PiP requires user activation', 'NotAllowedError');
    pip.requestWindow.mockRejectedValueOnce(refusal()).mockRejectedValueOnce(refusal());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onError = vi.fn();
    const room = createTestRoom({ participants: 2 });
    render(
      <RoomProvider room={room}>
        <PictureInPictureButton onError={onError} />
        <PictureInPicture />
      </RoomProvider>,
    );
    await click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'NotAllowedError' }));
    expect(warn).not.toHaveBeenCalled();
    cleanup();

    renderBar(room);
    await click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('requires user activation'));
    // Nothing is left half-open: the next click opens.
    await click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'true');
  });

  it('the toggle is absent until a <PictureInPicture> is mounted for the room', () => {
    fakeDocumentPictureInPicture();
    const room = createTestRoom({ participants: 2 });
    render(
      <RoomProvider room={room}>
        <PictureInPictureButton />
      </RoomProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Picture-in-picture' })).toBeNull();
  });
});

describe('video element picture-in-picture (fallback)', () => {
  it('puts the speaker’s video in picture-in-picture, follows the speaker on the same element, and resets on leave', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const pip = fakeVideoPictureInPicture();
    const room = createTestRoom({ participants: 3 });
    renderBar(room);
    expect(button()).not.toHaveAttribute('aria-disabled');
    await click(button());
    expect(pip.requestPictureInPicture).toHaveBeenCalledTimes(1);
    const video = pip.requested[0]!;
    const shows = () => (video.srcObject as MediaStream | null)?.getVideoTracks()[0];
    const cameraOf = (identity: string) =>
      [...room.remoteParticipants.get(identity)!.videoTrackPublications.values()][0]!.track!.mediaStreamTrack;
    expect(shows()).toBe(cameraOf('participant-1'));
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    // Our own element, in the page but invisible and hidden from assistive technology.
    expect(video).toHaveAttribute('aria-hidden', 'true');
    expect(video.isConnected).toBe(true);

    act(() => void room.setSpeaking('participant-2', true).flush());
    act(() => void vi.advanceTimersByTime(1200));
    expect(shows()).toBe(cameraOf('participant-2'));
    expect(pip.requestPictureInPicture).toHaveBeenCalledTimes(1);

    // The user closes the browser's window.
    act(() => {
      Object.defineProperty(document, 'pictureInPictureElement', { value: null, configurable: true });
      video.dispatchEvent(new Event('leavepictureinpicture'));
    });
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(shows()).toBeUndefined();
    expect(video.isConnected).toBe(false);
  });

  it('says why it cannot open while nobody’s video is on, and the toggle closes it', async () => {
    const pip = fakeVideoPictureInPicture();
    const room = createTestRoom({ participants: [{ identity: 'a', name: 'Ann', camera: 'muted' }] });
    renderBar(room);
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    expect(button()).toHaveAccessibleDescription('No video to show yet');
    await click(button());
    expect(pip.requestPictureInPicture).not.toHaveBeenCalled();

    act(() => void room.setMuted('a', 'camera', false));
    expect(button()).not.toHaveAttribute('aria-disabled');
    await click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    await click(button());
    expect(pip.exitPictureInPicture).toHaveBeenCalled();
    expect(button()).toHaveAttribute('aria-pressed', 'false');
  });

  it('the toggle reads closed only once the browser has left picture-in-picture, and a click meanwhile waits for it', async () => {
    const pip = fakeVideoPictureInPicture();
    // The browser's exit takes its time (it is asynchronous in every browser); the test decides when it ends.
    const exits: Array<() => void> = [];
    pip.exitPictureInPicture.mockImplementation(
      () =>
        new Promise<void>((resolve) =>
          exits.push(() => {
            Object.defineProperty(document, 'pictureInPictureElement', { value: null, configurable: true });
            resolve();
          }),
        ),
    );
    const room = createTestRoom({ participants: [{ identity: 'a', name: 'Ann', camera: true }] });
    const view = renderBar(room);
    await click(button());
    const video = document.querySelector<HTMLVideoElement>('video.rk-pip-video')!;
    expect(document.pictureInPictureElement).toBe(video);

    await click(button());
    expect(exits).toHaveLength(1);
    // Asked to close, not closed yet: the toggle still says what the browser shows, and the video is still there.
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(video.isConnected).toBe(true);
    // A click meanwhile opens nothing on top of the closing window.
    await click(button());
    expect(pip.requestPictureInPicture).toHaveBeenCalledTimes(1);

    await act(async () => exits[0]!());
    expect(document.pictureInPictureElement).toBeNull();
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(video.isConnected).toBe(false);

    // Opened again afterwards, it shows the same video.
    await click(button());
    expect(pip.requestPictureInPicture).toHaveBeenCalledTimes(2);
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(document.pictureInPictureElement).toBe(video);

    // Unmounting closes it, and the browser's exit ends as a browser's does: the video leaves the page, rather than
    // staying in the document the next test file gets where files share one (vitest.config.ts).
    view.unmount();
    await act(async () => exits[1]!());
  });
});

it('the toggle is absent where the browser offers no picture-in-picture', () => {
  const room = createTestRoom({ participants: 2 });
  renderBar(room);
  expect(screen.queryByRole('button', { name: 'Picture-in-picture' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
});

it('usePictureInPicture re-renders only when what it returns changes, not when someone speaks or the speaker changes', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  fakeDocumentPictureInPicture();
  const room = createTestRoom({ participants: 3 });
  let renders = 0;
  let last: ReturnType<typeof usePictureInPicture> | undefined;
  function Probe() {
    last = usePictureInPicture();
    return null;
  }
  render(
    <RoomProvider room={room}>
      <Profiler id="probe" onRender={() => void renders++}>
        <Probe />
      </Profiler>
      <ControlBar controls={{ pictureInPicture: true }} />
    </RoomProvider>,
  );
  await click(button());
  expect(last?.active).toBe(true);
  const before = renders;
  const result = last;
  act(() => void room.setSpeaking('participant-2', true).flush());
  act(() => void vi.advanceTimersByTime(1500));
  act(() => void room.setMuted('participant-1', 'microphone', true));
  expect(renders).toBe(before);
  expect(last).toBe(result);
});
