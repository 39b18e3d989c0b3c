import { cleanup, render, waitFor } from '@testing-library/react';
import type * as LiveKit from 'livekit-client';
import type { RoomConnectOptions, RoomOptions } from 'livekit-client';
import { StrictMode, type ReactNode } from 'react';
import { AudioConference } from '../../src/audio-room/index';
import { FocusLayout, GridLayout, RoomProvider, useRoom, VideoConference } from '../../src/index';
import { makeToken } from '../helpers/jwt';
import { inBrowserWithWebRTC } from '../helpers/webrtc';

const URL = 'wss://media.example.com';

/** Rooms RoomProvider creates record the options they were made with and each join's connect options. */
const network = vi.hoisted(() => ({
  joins: [] as Array<RoomConnectOptions | undefined>,
  rooms: [] as Array<RoomOptions | undefined>,
}));

vi.mock('livekit-client', async (importOriginal) => {
  const lk = await importOriginal<typeof LiveKit>();
  class RecordingRoom extends lk.Room {
    constructor(options?: RoomOptions) {
      super(options);
      network.rooms.push(options);
      const internals = this as unknown as { setAndEmitConnectionState(s: LiveKit.ConnectionState): void };
      this.connect = async (_url: string, _token: string, opts?: RoomConnectOptions) => {
        network.joins.push(opts);
        internals.setAndEmitConnectionState(lk.ConnectionState.Connected);
        this.emit(lk.RoomEvent.Connected);
      };
      this.disconnect = async () => {
        internals.setAndEmitConnectionState(lk.ConnectionState.Disconnected);
      };
    }
  }
  return { ...lk, Room: RecordingRoom };
});

afterEach(async () => {
  cleanup();
  await new Promise((r) => setTimeout(r, 10));
});
beforeEach(() => {
  network.joins.length = 0;
  network.rooms.length = 0;
});

function joinWith(children: ReactNode, props: { connectOptions?: RoomConnectOptions; options?: RoomOptions } = {}) {
  render(
    <RoomProvider token={makeToken({})} url={URL} {...props}>
      {children}
    </RoomProvider>,
  );
  return waitFor(() => expect(network.joins).toHaveLength(1)).then(() => network.joins[0]);
}

inBrowserWithWebRTC();

describe('joining when a layout manages subscriptions', () => {
  it('joins without auto-subscribing when a GridLayout is mounted with the provider', async () => {
    expect(await joinWith(<GridLayout />)).toEqual({ autoSubscribe: false });
  });

  it('does so under StrictMode, for FocusLayout and for VideoConference too', async () => {
    render(
      <StrictMode>
        <RoomProvider token={makeToken({})} url={URL}>
          <FocusLayout />
        </RoomProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(network.joins).toHaveLength(1));
    expect(network.joins[0]).toEqual({ autoSubscribe: false });
    cleanup();
    await new Promise((r) => setTimeout(r, 10));
    network.joins.length = 0;
    expect(await joinWith(<VideoConference />)).toEqual({ autoSubscribe: false });
  });

  it('joins without auto-subscribing under AudioConference, which never subscribes a camera', async () => {
    expect(await joinWith(<AudioConference />)).toEqual({ autoSubscribe: false });
  });

  it("passes the app's connect options through untouched without a managing layout", async () => {
    expect(await joinWith(<p>no layout</p>)).toBeUndefined();
    cleanup();
    await new Promise((r) => setTimeout(r, 10));
    network.joins.length = 0;
    expect(await joinWith(<GridLayout manageSubscriptions={false} />, { connectOptions: { maxRetries: 2 } })).toEqual({ maxRetries: 2 });
  });

  it("keeps the app's other connect options, and its explicit autoSubscribe wins", async () => {
    expect(await joinWith(<GridLayout />, { connectOptions: { maxRetries: 2 } })).toEqual({ maxRetries: 2, autoSubscribe: false });
    cleanup();
    await new Promise((r) => setTimeout(r, 10));
    network.joins.length = 0;
    expect(await joinWith(<GridLayout />, { connectOptions: { autoSubscribe: true } })).toEqual({ autoSubscribe: true });
  });

  it('decides at each join: a layout that unmounted before a re-join no longer turns auto-subscribe off', async () => {
    let room: LiveKit.Room | undefined;
    function Grab() {
      room = useRoom();
      return null;
    }
    const token = makeToken({});
    const { rerender } = render(
      <RoomProvider token={token} url={URL}>
        <Grab />
        <GridLayout />
      </RoomProvider>,
    );
    await waitFor(() => expect(network.joins).toHaveLength(1));
    rerender(
      <RoomProvider token={token} url={URL} connect={false}>
        <Grab />
      </RoomProvider>,
    );
    await waitFor(() => expect(room?.state).toBe('disconnected'));
    rerender(
      <RoomProvider token={token} url={URL}>
        <Grab />
      </RoomProvider>,
    );
    await waitFor(() => expect(network.joins).toHaveLength(2));
    expect(network.joins).toEqual([{ autoSubscribe: false }, undefined]);
  });
});

describe('meeting defaults of the Room RoomProvider creates', () => {
  it('turns dynacast on, and adaptive stream only where the browser can observe elements (not in jsdom)', async () => {
    let room: LiveKit.Room | undefined;
    function Grab() {
      room = useRoom();
      return null;
    }
    await joinWith(<Grab />);
    expect(room?.options.dynacast).toBe(true);
    expect(room?.options.adaptiveStream).toBe(false);
  });

  it('turns adaptive stream on where ResizeObserver and IntersectionObserver exist', async () => {
    class Observer {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', Observer);
    vi.stubGlobal('IntersectionObserver', Observer);
    try {
      await joinWith(<p />);
      expect(network.rooms[0]).toMatchObject({ adaptiveStream: true, dynacast: true });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('lets `options` override each default', async () => {
    await joinWith(<p />, { options: { dynacast: false, adaptiveStream: { pixelDensity: 1 } } });
    expect(network.rooms[0]).toMatchObject({ dynacast: false, adaptiveStream: { pixelDensity: 1 } });
  });
});
