/**
 * One answer to "what can this browser do" (issue 52): getBrowserSupport with browser APIs taken away and given,
 * useBrowserSupport across server rendering and hydration, PreJoin and the session where the browser cannot join,
 * and the testing kit's simulated browser (jsdom has no WebRTC, and its rooms still join).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getBrowserSupport,
  MediaDeviceSelect,
  PreJoin,
  RoomProvider,
  useBrowserSupport,
  VideoConference,
  type BrowserSupport,
  type RoomKitError,
} from '../../src/index';
import { createTestRoom } from '../../src/testing/index';
import { makeToken } from '../helpers/jwt';

const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';

type Globals = Record<string, unknown>;
const g = globalThis as Globals;

/** Gives the page a browser API (jsdom has none of these), taken away again after the test. */
const given: Array<() => void> = [];
function give(target: object, name: string, value: unknown) {
  const had = Object.getOwnPropertyDescriptor(target, name);
  Object.defineProperty(target, name, { configurable: true, writable: true, value });
  given.push(() => (had ? Object.defineProperty(target, name, had) : delete (target as Globals)[name]));
}
function mediaDevices(devices: Record<string, unknown>) {
  give(navigator, 'mediaDevices', { addEventListener() {}, removeEventListener() {}, enumerateDevices: async () => [], ...devices });
}
function asBrowser(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  while (given.length) given.pop()!();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('getBrowserSupport', () => {
  it('jsdom as it is: no WebRTC, no speaker choice, no screen share, no effects, no encryption, no picture-in-picture, no camera', () => {
    expect(getBrowserSupport()).toEqual<BrowserSupport>({
      join: 'no',
      speakerSelection: 'no',
      screenShare: 'no',
      screenShareAudio: 'no',
      backgroundEffects: 'no',
      noiseFilter: 'no',
      encryption: 'no',
      pictureInPicture: 'no',
      cameraSwitch: 'no',
    });
  });

  it('join follows RTCPeerConnection', () => {
    expect(getBrowserSupport().join).toBe('no');
    give(g, 'RTCPeerConnection', class {});
    expect(getBrowserSupport().join).toBe('yes');
  });

  it('speakerSelection: setSinkId, except in Safari (livekit-client refuses to switch the output there)', () => {
    asBrowser(CHROMIUM);
    expect(getBrowserSupport().speakerSelection).toBe('no');
    give(HTMLMediaElement.prototype, 'setSinkId', async () => undefined);
    expect(getBrowserSupport().speakerSelection).toBe('yes');
    asBrowser(FIREFOX);
    expect(getBrowserSupport().speakerSelection).toBe('yes');
    asBrowser(SAFARI);
    expect(getBrowserSupport().speakerSelection).toBe('no');
  });

  it("screenShare follows getDisplayMedia; screenShareAudio is 'unknown' where Chromium's constraints say a share may carry sound, else 'no'", () => {
    mediaDevices({ getUserMedia: async () => undefined, getSupportedConstraints: () => ({}) });
    expect(getBrowserSupport()).toMatchObject({ screenShare: 'no', screenShareAudio: 'no', cameraSwitch: 'unknown' });
    // Firefox and Safari: a screen, never its sound.
    mediaDevices({ getDisplayMedia: async () => undefined, getSupportedConstraints: () => ({ noiseSuppression: true }) });
    expect(getBrowserSupport()).toMatchObject({ screenShare: 'yes', screenShareAudio: 'no', noiseFilter: 'yes', cameraSwitch: 'no' });
    // Chromium: the picker decides.
    mediaDevices({ getDisplayMedia: async () => undefined, getSupportedConstraints: () => ({ suppressLocalAudioPlayback: true }) });
    expect(getBrowserSupport().screenShareAudio).toBe('unknown');
    mediaDevices({ getDisplayMedia: async () => undefined, getSupportedConstraints: () => ({ restrictOwnAudio: true }) });
    expect(getBrowserSupport().screenShareAudio).toBe('unknown');
  });

  it('pictureInPicture follows documentPictureInPicture (or a video element of its own)', () => {
    give(window, 'documentPictureInPicture', { requestWindow: async () => window });
    expect(getBrowserSupport().pictureInPicture).toBe('yes');
  });

  it("encryption follows livekit-client's isE2EESupported (encoded transforms)", () => {
    give(window, 'RTCRtpScriptTransform', class {});
    expect(getBrowserSupport().encryption).toBe('yes');
  });

  it("backgroundEffects: 'no' without track processors (or canvas.captureStream), even with OffscreenCanvas, VideoFrame and createImageBitmap", () => {
    expect('captureStream' in HTMLCanvasElement.prototype).toBe(false);
    for (const name of ['OffscreenCanvas', 'VideoFrame']) give(g, name, class {});
    give(g, 'createImageBitmap', async () => ({}));
    // Stops before asking for a WebGL2 context (asked once per page): test/unit/effects.test.tsx gives one and gets the effects.
    expect(getBrowserSupport().backgroundEffects).toBe('no');
  });

  it("a test room's simulated browser answers for the keys it gives, over the real one", () => {
    const room = createTestRoom({ browserSupport: { speakerSelection: 'yes', pictureInPicture: 'no' } });
    give(window, 'documentPictureInPicture', { requestWindow: async () => window });
    expect(getBrowserSupport(room)).toMatchObject({ join: 'yes', screenShare: 'yes', screenShareAudio: 'unknown', speakerSelection: 'yes', pictureInPicture: 'no' });
    expect(getBrowserSupport(createTestRoom({ browserSupport: { join: 'no' } })).join).toBe('no');
    // Without the room: this browser.
    expect(getBrowserSupport()).toMatchObject({ join: 'no', pictureInPicture: 'yes' });
  });
});

function Answer() {
  return <pre data-testid="answer">{JSON.stringify(useBrowserSupport())}</pre>;
}

describe('useBrowserSupport', () => {
  it("renders every key 'unknown' on the server, hydrates without a mismatch, then answers as the browser", async () => {
    give(g, 'RTCPeerConnection', class {});
    const html = renderToString(<Answer />);
    const unknown = JSON.parse(new DOMParser().parseFromString(html, 'text/html').body.textContent!) as BrowserSupport;
    expect(new Set(Object.values(unknown))).toEqual(new Set(['unknown']));
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(getBrowserSupport()).sort());

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: string[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, <Answer />, { onRecoverableError: (error) => recoverable.push(String(error)) });
    });
    expect([...recoverable, ...errors.mock.calls.map((call) => call.map(String).join(' '))]).toEqual([]);
    expect(JSON.parse(container.textContent!)).toEqual(getBrowserSupport());
    expect(JSON.parse(container.textContent!)).toMatchObject({ join: 'yes' });
  });

  it("inside a provider over a test room: its simulated browser (jsdom joins), and a client render answers at once", () => {
    render(
      <RoomProvider room={createTestRoom({ browserSupport: { speakerSelection: 'yes' } })}>
        <Answer />
      </RoomProvider>,
    );
    expect(JSON.parse(screen.getByTestId('answer').textContent!)).toMatchObject({ join: 'yes', speakerSelection: 'yes', encryption: 'no' });
  });

  it("the speaker select follows the simulated browser's speakerSelection", () => {
    const devices = { audiooutput: [{ deviceId: 'spk-1', label: 'Speakers' }] };
    asBrowser(CHROMIUM);
    give(HTMLMediaElement.prototype, 'setSinkId', async () => undefined);
    const { container, unmount } = render(
      <RoomProvider room={createTestRoom({ devices })}>
        <MediaDeviceSelect kind="audiooutput" />
      </RoomProvider>,
    );
    expect(container.querySelector('select')).not.toBeNull();
    unmount();
    const without = render(
      <RoomProvider room={createTestRoom({ devices, browserSupport: { speakerSelection: 'no' } })}>
        <MediaDeviceSelect kind="audiooutput" />
      </RoomProvider>,
    );
    expect(without.container.querySelector('select')).toBeNull();
  });
});

const joinButton = () => screen.getByRole('button', { name: /^Join/ });

describe('a browser that cannot join', () => {
  it("PreJoin on the testing kit's room keeps Join enabled in jsdom (no WebRTC here)", () => {
    expect(getBrowserSupport().join).toBe('no');
    render(
      <RoomProvider room={createTestRoom({ connectionState: 'disconnected' })} connect={false}>
        <PreJoin onSubmit={() => {}} />
      </RoomProvider>,
    );
    expect(joinButton()).toBeEnabled();
    expect(screen.queryByText(/cannot join calls/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeVisible();
  });

  it('PreJoin says so, names the browsers that can, disables Join and leaves out the connection test', () => {
    const onSubmit = vi.fn();
    render(
      <RoomProvider room={createTestRoom({ connectionState: 'disconnected', browserSupport: { join: 'no' } })} connect={false}>
        <PreJoin onSubmit={onSubmit} />
      </RoomProvider>,
    );
    const message = 'This browser cannot join calls. Open this page in a current Chrome or Edge, Firefox, or Safari.';
    expect(screen.getByText(message)).toBeVisible();
    expect(joinButton()).toBeDisabled();
    expect(joinButton()).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
    // Enter in the name field submits nothing either.
    act(() => screen.getByRole('textbox', { name: 'Display name' }).closest('form')!.requestSubmit());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("PreJoin of a real Room in jsdom (this browser: no RTCPeerConnection) disables Join; with WebRTC it is enabled", () => {
    const { unmount } = render(
      <RoomProvider connect={false} token={makeToken({ sub: 'me', video: { roomJoin: true, room: 'r' } })} url="wss://media.example.com">
        <PreJoin onSubmit={() => {}} connectionTest={false} />
      </RoomProvider>,
    );
    expect(joinButton()).toBeDisabled();
    unmount();
    give(g, 'RTCPeerConnection', class {});
    render(
      <RoomProvider connect={false} token={makeToken({ sub: 'me', video: { roomJoin: true, room: 'r' } })} url="wss://media.example.com">
        <PreJoin onSubmit={() => {}} connectionTest={false} />
      </RoomProvider>,
    );
    expect(joinButton()).toBeEnabled();
  });

  it("connecting fails with 'browser-unsupported' before livekit-client is asked, and the conference offers no Try again", async () => {
    const room = createTestRoom({ connectionState: 'disconnected', participants: 1, browserSupport: { join: 'no' } });
    const connect = vi.spyOn(room, 'connect');
    const errors: RoomKitError[] = [];
    render(
      <RoomProvider room={room} token={makeToken({ sub: 'me', video: { roomJoin: true, room: 'r' } })} url="wss://media.example.com" onError={(e) => errors.push(e)}>
        <VideoConference onLeave={() => {}} />
      </RoomProvider>,
    );
    const meeting = screen.getByRole('region', { name: 'Meeting' });
    expect(await within(meeting).findByText('This browser cannot join calls. Open this page in a current Chrome, Edge, Firefox or Safari.')).toBeVisible();
    expect(errors.map((e) => e.code)).toEqual(['browser-unsupported']);
    expect(connect).not.toHaveBeenCalled();
    expect(within(meeting).getAllByRole('button').map((b) => b.textContent)).toEqual(['Leave']);
  });

  it("a Room RoomProvider creates, in jsdom without WebRTC, is refused as 'browser-unsupported', not 'connect-failed'", async () => {
    const errors: RoomKitError[] = [];
    render(<RoomProvider token={makeToken({ sub: 'me', video: { roomJoin: true, room: 'r' } })} url="wss://media.example.com" onError={(e) => errors.push(e)} />);
    await waitFor(() => expect(errors.map((e) => e.code)).toEqual(['browser-unsupported']));
  });
});
