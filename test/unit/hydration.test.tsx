/**
 * Server rendering that hydrates: markup that depends on what the browser offers (speaker choice, picture-in-
 * picture, the noise filter) is the same on the server and in the hydrating render, and appears right after.
 * The "server" render here runs with those features taken away, the hydration with them given, as a real page
 * goes from Node to a browser; any mismatch reaches `onRecoverableError` or `console.error`.
 */
import { act, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Chat, EffectsControl, MediaDeviceSelect, PreJoin, RoomProvider, USER_CHOICES_STORAGE_KEY, VideoConference } from '../../src/index';
import { getChatStore } from '../../src/chat/chatStore';
import { createTestRoom } from '../../src/testing/index';

const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 jsdom';

/** Gives the page what Chromium offers (jsdom has none of it), until {@link takeAway}. */
function giveBrowserFeatures() {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROMIUM);
  Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', { configurable: true, value: async () => undefined });
  Object.defineProperty(window, 'documentPictureInPicture', { configurable: true, value: { requestWindow: async () => window, window: null } });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getSupportedConstraints: () => ({ noiseSuppression: true }), enumerateDevices: async () => [], addEventListener() {}, removeEventListener() {} },
  });
}

/** `Intl.DateTimeFormat`'s `format` answers `text` for any time: the server's clock and the reader's differ. */
function clockSays(text: string) {
  vi.spyOn(Intl.DateTimeFormat.prototype as unknown as Record<'format', unknown>, 'format', 'get').mockReturnValue(() => text);
}

function takeAway() {
  vi.restoreAllMocks();
  localStorage.clear();
  delete (HTMLMediaElement.prototype as { setSinkId?: unknown }).setSinkId;
  delete (window as { documentPictureInPicture?: unknown }).documentPictureInPicture;
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  takeAway();
  document.body.innerHTML = '';
});

/** Renders `element` "on the server", then hydrates that HTML in the browser; what went wrong, and the container. */
async function serverThenHydrate(element: React.ReactElement, differ: { server?: () => void; browser?: () => void } = {}) {
  takeAway();
  differ.server?.();
  const html = renderToString(element);
  vi.restoreAllMocks();
  giveBrowserFeatures();
  differ.browser?.();
  const container = document.createElement('div');
  container.innerHTML = html;
  // A browser's parser mutes a media element created with the `muted` attribute; jsdom does not (React then
  // reports the property as a mismatch that no browser shows).
  container.querySelectorAll<HTMLMediaElement>('video[muted], audio[muted]').forEach((media) => (media.muted = true));
  document.body.append(container);
  const recoverable: string[] = [];
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(String(error)) });
  });
  const logged = errors.mock.calls.map((call) => call.map(String).join(' '));
  errors.mockRestore();
  return { html, container, problems: [...recoverable, ...logged] };
}

const devices = {
  audioinput: [{ deviceId: 'mic-1', label: 'Built-in microphone' }],
  videoinput: [{ deviceId: 'cam-1', label: 'HD camera' }],
  audiooutput: [{ deviceId: 'spk-1', label: 'Speakers' }],
};

describe('hydrating server-rendered markup', () => {
  it('the speaker select: absent on the server and while hydrating, there right after', async () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, devices });
    const { html, container, problems } = await serverThenHydrate(
      <RoomProvider room={room}>
        <MediaDeviceSelect kind="audiooutput" />
      </RoomProvider>,
    );
    expect(problems).toEqual([]);
    expect(html).not.toContain('<select');
    expect(container.querySelector('select')).not.toBeNull();
  });

  it('the conference: the picture-in-picture toggle and the speaker choice appear after hydration, without a mismatch', async () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: 2, devices });
    const { html, container, problems } = await serverThenHydrate(
      <RoomProvider room={room}>
        <VideoConference />
      </RoomProvider>,
    );
    expect(problems).toEqual([]);
    expect(html).not.toContain('Picture-in-picture');
    expect(container.innerHTML).toContain('Picture-in-picture');
  });

  it('the effects control: the noise filter appears after hydration, without a mismatch', async () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, devices });
    const { html, container, problems } = await serverThenHydrate(
      <RoomProvider room={room}>
        <EffectsControl />
      </RoomProvider>,
    );
    expect(problems).toEqual([]);
    expect(html).not.toContain('Noise filter');
    expect(container.innerHTML).toContain('Noise filter');
  });

  it('PreJoin: the defaults on the server and while hydrating, then the choices this browser remembers', async () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, devices });
    const remembered = () => localStorage.setItem(USER_CHOICES_STORAGE_KEY, JSON.stringify({ displayName: 'Ada Remembered', audioEnabled: false, videoEnabled: false }));
    const { html, container, problems } = await serverThenHydrate(
      <RoomProvider room={room}>
        <PreJoin onSubmit={() => undefined} />
      </RoomProvider>,
      { browser: remembered },
    );
    expect(problems).toEqual([]);
    expect(html).toContain('value="Me"');
    expect(container.querySelector('input')).toHaveValue('Ada Remembered');
    const view = within(container);
    expect(view.getByRole('button', { name: 'Microphone' })).toHaveAttribute('aria-pressed', 'false');
    expect(view.getByRole('button', { name: 'Camera' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("Chat: a message's time is empty on the server and while hydrating, then in the reader's own format", async () => {
    const sent = Date.UTC(2025, 0, 6, 14, 5);
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' }, participants: [{ identity: 'amy', name: 'Amy' }] });
    getChatStore(room).subscribe(() => undefined); // listening before the message arrives, as a mounted Chat is
    room.deliverChat('amy', 'Hello', sent);
    const { html, container, problems } = await serverThenHydrate(
      <RoomProvider room={room}>
        <Chat />
      </RoomProvider>,
      { server: () => clockSays('2:05 PM'), browser: () => clockSays('14:05') },
    );
    expect(problems).toEqual([]);
    expect(html).not.toContain('2:05 PM');
    const time = container.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', new Date(sent).toISOString());
    expect(time).toHaveTextContent('14:05');
  });
});
