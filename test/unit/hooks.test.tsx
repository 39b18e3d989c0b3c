import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConnectionQuality, ConnectionState, DisconnectReason, RoomEvent, Track } from 'livekit-client';
import type { ReactNode } from 'react';
import {
  isRoomKitError,
  RoomProvider,
  useActiveSpeakers,
  useCan,
  useChat,
  useConnectionQuality,
  useConnectionState,
  useDataChannel,
  useGrants,
  useIsMuted,
  useIsSpeaking,
  useLocalParticipant,
  useMediaDevices,
  useParticipant,
  useParticipants,
  useRemoteParticipants,
  useRoom,
  useRoomError,
  useRoomInfo,
  useTracks,
  useTrackToggle,
  VideoConference,
} from '../../src/index';
import { createTestRoom, type TestRoom, type TestRoomInit } from '../../src/testing/index';

function setup(init: TestRoomInit = {}) {
  const room = createTestRoom(init);
  const wrapper = ({ children }: { children: ReactNode }) => <RoomProvider room={room}>{children}</RoomProvider>;
  return { room, wrapper };
}

function hook<T>(fn: () => T, init: TestRoomInit = {}) {
  const { room, wrapper } = setup(init);
  return { room, ...renderHook(fn, { wrapper }) };
}

describe('outside a provider', () => {
  it('throws missing-provider naming the hook and the fix', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React logs the thrown error
    expect(() => renderHook(() => useParticipants())).toThrow(/`useParticipants` must be used within <RoomProvider>/);
    try {
      renderHook(() => useGrants());
    } catch (e) {
      expect(isRoomKitError(e, 'missing-provider')).toBe(true);
    }
  });

  it('works with an explicit room instead', () => {
    const room = createTestRoom({ participants: 2 });
    const { result } = renderHook(() => useRemoteParticipants({ room }));
    expect(result.current.map((p) => p.identity)).toEqual(['participant-1', 'participant-2']);
  });
});

test('useRoom returns the provider\u2019s room on the first render', () => {
  const { room, result } = hook(() => useRoom());
  expect(result.current).toBe(room);
});

test('useConnectionState follows reconnecting, connected and disconnected', () => {
  const { room, result } = hook(() => useConnectionState());
  expect(result.current).toBe(ConnectionState.Connected);
  act(() => void room.setConnectionState('reconnecting'));
  expect(result.current).toBe(ConnectionState.Reconnecting);
  act(() => void room.setConnectionState('connected'));
  expect(result.current).toBe(ConnectionState.Connected);
  act(() => void room.setConnectionState('disconnected', DisconnectReason.SERVER_SHUTDOWN));
  expect(result.current).toBe(ConnectionState.Disconnected);
});

test('useRoomInfo follows name, metadata and recording', () => {
  const { room, result } = hook(() => useRoomInfo(), { name: 'standup', recording: false });
  expect(result.current).toEqual({ name: 'standup', metadata: '', isRecording: false });
  act(() => void room.setRecording(true));
  expect(result.current.isRecording).toBe(true);
  act(() => void room.setRoomMetadata('{"topic":"q4"}'));
  expect(result.current.metadata).toBe('{"topic":"q4"}');
});

test('useRoomError reports a server-ended session as disconnected with its reason', () => {
  const { room, result } = hook(() => useRoomError());
  expect(result.current).toBeUndefined();
  act(() => void room.setConnectionState('disconnected', DisconnectReason.PARTICIPANT_REMOVED));
  expect(result.current?.code).toBe('disconnected');
  expect(result.current?.message).toMatch(/PARTICIPANT_REMOVED/);
  expect(result.current?.details).toEqual({ reason: DisconnectReason.PARTICIPANT_REMOVED });
});

describe('useGrants and useCan', () => {
  it('start from the token grants and follow live permission changes', () => {
    const { room, result } = hook(() => ({ grants: useGrants(), publish: useCan('canPublish'), admin: useCan('roomAdmin') }), {
      local: { grants: { canPublish: false, roomAdmin: true } },
    });
    expect(result.current.grants.canPublish).toBe(false);
    expect(result.current.publish).toBe(false);
    expect(result.current.admin).toBe(true);
    act(() => void room.setPermissions('me', { canPublish: true }));
    expect(result.current.publish).toBe(true);
    expect(result.current.admin).toBe(true);
  });

  it('honour canPublishSources and treat a hidden observer as unable to publish', () => {
    const { room, result } = hook(
      () => ({ mic: useCan('canPublish', { source: 'microphone' }), screen: useCan('canPublish', { source: 'screen_share' }), any: useCan('canPublish') }),
      { local: { grants: { canPublishSources: ['microphone'] } } },
    );
    expect(result.current).toEqual({ mic: true, screen: false, any: true });
    act(() => void room.setPermissions('me', { hidden: true }));
    expect(result.current).toEqual({ mic: false, screen: false, any: false });
  });

  it('keep the grants object when another participant\u2019s permissions change', () => {
    const { room, result } = hook(() => useGrants(), { participants: [{ identity: 'a' }] });
    const before = result.current;
    act(() => void room.setPermissions('a', { canPublish: false }));
    expect(result.current).toBe(before);
  });
});

describe('participants', () => {
  it('useParticipants lists the local participant first and excludes hidden ones', () => {
    const { room, result } = hook(() => useParticipants(), {
      local: { identity: 'me', name: 'Me' },
      participants: [{ identity: 'a' }, { identity: 'ghost', hidden: true }, { identity: 'b' }],
    });
    expect(result.current.map((p) => p.identity)).toEqual(['me', 'a', 'b']);
    act(() => void room.removeParticipant('a'));
    expect(result.current.map((p) => p.identity)).toEqual(['me', 'b']);
  });

  it('useParticipants leaves out a hidden local observer', () => {
    const { result } = hook(() => useParticipants(), { local: { identity: 'me', grants: { hidden: true } }, participants: 2 });
    expect(result.current.map((p) => p.identity)).toEqual(['participant-1', 'participant-2']);
  });

  it('useLocalParticipant and useParticipant expose names, metadata and tracks', async () => {
    const { room, result } = hook(() => ({ me: useLocalParticipant(), bob: useParticipant('bob') }), {
      local: { identity: 'me', name: 'Me' },
      participants: [{ identity: 'bob', name: 'Bob', metadata: 'm', camera: true }],
    });
    expect(result.current.me).toMatchObject({ identity: 'me', isLocal: true });
    expect(result.current.bob).toMatchObject({ identity: 'bob', name: 'Bob', metadata: 'm', isLocal: false });
    expect(result.current.bob?.tracks.map((t) => [t.source, t.subscribed, t.muted])).toEqual([['camera', true, false]]);
    act(() => void room.updateParticipant('bob', { name: 'Robert' }));
    expect(result.current.bob?.name).toBe('Robert');
    await act(async () => {
      await room.localParticipant.setCameraEnabled(true);
    });
    expect(result.current.me.tracks.map((t) => t.source)).toEqual(['camera']);
    act(() => void room.removeParticipant('bob'));
    expect(result.current.bob).toBeUndefined();
  });

  it('useIsSpeaking, useActiveSpeakers, useConnectionQuality and useIsMuted follow the server', () => {
    const { room, result } = hook(
      () => ({
        speaking: useIsSpeaking('a'),
        speakers: useActiveSpeakers().map((p) => p.identity),
        quality: useConnectionQuality('a'),
        micMuted: useIsMuted('a', Track.Source.Microphone),
        camMuted: useIsMuted('a', Track.Source.Camera),
      }),
      { participants: [{ identity: 'a', microphone: true }, { identity: 'b' }] },
    );
    expect(result.current).toEqual({ speaking: false, speakers: [], quality: ConnectionQuality.Unknown, micMuted: false, camMuted: true });
    act(() => {
      room.setSpeaking('a', true, 0.4);
      room.setSpeaking('b', true, 0.9);
      room.setConnectionQuality('a', 'poor');
      room.setMuted('a', 'microphone', true);
    });
    expect(result.current).toEqual({ speaking: true, speakers: ['b', 'a'], quality: ConnectionQuality.Poor, micMuted: true, camMuted: true });
  });
});

describe('useTracks', () => {
  it('lists camera and screen tracks, with placeholders where asked', () => {
    const { room, result } = hook(
      () => useTracks([Track.Source.Camera, Track.Source.ScreenShare], { withPlaceholder: [Track.Source.Camera] }),
      { local: { identity: 'me' }, participants: [{ identity: 'a', camera: true }, { identity: 'b' }] },
    );
    const summary = () => result.current.map((r) => `${r.participant.identity}:${r.source}:${r.track ? 'track' : 'placeholder'}`);
    expect(summary()).toEqual(['me:camera:placeholder', 'a:camera:track', 'b:camera:placeholder']);
    const first = result.current;
    act(() => void room.publishTrack('b', 'screen_share'));
    expect(summary()).toEqual(['me:camera:placeholder', 'a:camera:track', 'b:camera:placeholder', 'b:screen_share:track']);
    expect(result.current[1]).toBe(first[1]);
  });

  it('with onlySubscribed, lists nothing for a session that may not subscribe', () => {
    const { result } = hook(() => useTracks([Track.Source.Camera], { onlySubscribed: true }), {
      local: { grants: { canSubscribe: false } },
      participants: [{ identity: 'a', camera: true }],
    });
    expect(result.current).toEqual([]);
  });
});

describe('useTrackToggle', () => {
  it('publishes, mutes and unmutes the microphone', async () => {
    const { result } = hook(() => useTrackToggle(Track.Source.Microphone));
    expect(result.current).toMatchObject({ enabled: false, allowed: true, pending: false });
    expect(result.current.buttonProps['aria-pressed']).toBe(false);
    await act(() => result.current.toggle());
    expect(result.current.enabled).toBe(true);
    expect(result.current.buttonProps['aria-pressed']).toBe(true);
    await act(() => result.current.toggle());
    expect(result.current.enabled).toBe(false);
  });

  it('refuses with not-permitted when the grants forbid the source, and disables the button', async () => {
    const onError = vi.fn();
    const { room, result } = hook(() => useTrackToggle(Track.Source.Camera, { onError }), { local: { grants: { canPublish: false } } });
    expect(result.current.allowed).toBe(false);
    expect(result.current.buttonProps.disabled).toBe(true);
    await act(async () => {
      await expect(result.current.toggle()).rejects.toMatchObject({ code: 'not-permitted' });
    });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'not-permitted' }));
    expect(result.current.error?.code).toBe('not-permitted');
    expect(room.localParticipant.trackPublications.size).toBe(0);
  });

  it('loses its track when the server revokes canPublish mid-call', async () => {
    const { room, result } = hook(() => useTrackToggle(Track.Source.Camera));
    await act(() => result.current.toggle(true));
    expect(result.current.enabled).toBe(true);
    act(() => void room.setPermissions('me', { canPublish: false }));
    expect(result.current).toMatchObject({ enabled: false, allowed: false });
  });
});

test('useMediaDevices lists the devices and switches the active one', async () => {
  const { result } = hook(() => useMediaDevices('audioinput'), {
    devices: { audioinput: [{ deviceId: 'mic-1', label: 'Desk mic' }, { deviceId: 'mic-2', label: 'Headset' }] },
  });
  await waitFor(() => expect(result.current.devices.map((d) => d.label)).toEqual(['Desk mic', 'Headset']));
  await act(() => result.current.setActiveDevice('mic-2'));
  expect(result.current.activeDeviceId).toBe('mic-2');
});

describe('useDataChannel', () => {
  it('receives messages on its topic only and sends on it', async () => {
    const onMessage = vi.fn();
    const { room, result } = hook(() => useDataChannel('cursor', onMessage), { participants: [{ identity: 'a' }] });
    act(() => {
      room.deliverData('a', 'x=1', { topic: 'cursor' });
      room.deliverData('a', 'other', { topic: 'other' });
    });
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(new TextDecoder().decode(onMessage.mock.calls[0]![0].payload)).toBe('x=1');
    expect(onMessage.mock.calls[0]![0].from).toBe('a');
    await act(() => result.current.send('y=2'));
    expect(room.sentData).toEqual([expect.objectContaining({ topic: 'cursor', text: 'y=2', reliable: true })]);
  });

  it('refuses to send without canPublishData', async () => {
    const { room, result } = hook(() => useDataChannel('cursor'), { local: { grants: { canPublishData: false } } });
    expect(result.current.canSend).toBe(false);
    await expect(result.current.send('x')).rejects.toMatchObject({ code: 'not-permitted', message: expect.stringMatching(/canPublishData/) });
    expect(room.sentData).toEqual([]);
  });

  it.each<[string, unknown, RegExp]>([
    ['a number', 42, /got Number/],
    ['null', null, /null/],
    ['an object', { x: 1 }, /got Object/],
    ['an array of numbers', [1, 2], /got Array/],
    ['an ArrayBuffer', new ArrayBuffer(4), /got ArrayBuffer/],
    ['an Int16Array', new Int16Array([300]), /got Int16Array/],
  ])('refuses to send %s with invalid-message, naming the fix, and sends nothing', async (_name, payload, problem) => {
    const { room, result } = hook(() => useDataChannel('cursor'));
    const publish = vi.spyOn(room.localParticipant, 'publishData');
    const refused = result.current.send(payload as Uint8Array);
    await expect(refused).rejects.toMatchObject({ name: 'RoomKitError', code: 'invalid-message', message: expect.stringMatching(problem) });
    await expect(refused).rejects.toMatchObject({ message: expect.stringMatching(/Uint8Array or a string.*TextEncoder/) });
    expect(publish).not.toHaveBeenCalled();
    expect(room.sentData).toEqual([]);
  });

  it('still sends bytes and strings, the empty ones too', async () => {
    const { room, result } = hook(() => useDataChannel('cursor'));
    await act(() => result.current.send(new Uint8Array([104, 105])));
    await act(() => result.current.send(''));
    expect(room.sentData.map((d) => d.text)).toEqual(['hi', '']);
  });
});

describe('useChat', () => {
  it('keeps a history of received and sent messages', async () => {
    const { room, result } = hook(() => useChat(), { local: { identity: 'me' }, participants: [{ identity: 'a', name: 'Amy' }] });
    act(() => void room.deliverChat('a', 'hello <b>there</b>'));
    await act(() => result.current.send('hi Amy'));
    expect(result.current.messages.map((m) => [m.from, m.message, m.isLocal])).toEqual([
      ['a', 'hello <b>there</b>', false],
      ['me', 'hi Amy', true],
    ]);
    expect(JSON.parse(room.sentData[0]!.text)).toMatchObject({ message: 'hi Amy' });
  });

  it('refuses to send without canPublishData but still shows the history', async () => {
    const { room, result } = hook(() => useChat(), { local: { grants: { canPublishData: false } }, participants: [{ identity: 'a' }] });
    act(() => void room.deliverChat('a', 'can you read this?'));
    expect(result.current.canSend).toBe(false);
    await act(async () => {
      await expect(result.current.send('no')).rejects.toMatchObject({ code: 'not-permitted' });
    });
    expect(result.current.error?.code).toBe('not-permitted');
    expect(result.current.messages.map((m) => m.message)).toEqual(['can you read this?']);
  });

  it('keeps messages that arrived while the chat panel was closed, in VideoConference', async () => {
    const { room, wrapper } = setup({ participants: [{ identity: 'a' }] });
    render(<VideoConference />, { wrapper });
    expect(screen.queryByRole('log')).toBeNull();
    act(() => void room.deliverChat('a', 'early'));
    await userEvent.click(screen.getByRole('button', { name: 'Chat, 1 unread' }));
    expect(within(screen.getByRole('log')).getByText('early')).toBeInTheDocument();
  });

  it('costs an app that shows no chat nothing: the provider alone does not listen for chat', () => {
    const { room, wrapper } = setup({ participants: [{ identity: 'a' }] });
    const { rerender } = render(<div />, { wrapper });
    expect(room.listenerCount(RoomEvent.DataReceived)).toBe(0);
    function Log() {
      return <p>{useChat().messages.map((m) => m.message).join(',')}</p>;
    }
    rerender(<Log />);
    expect(room.listenerCount(RoomEvent.DataReceived)).toBe(1);
    act(() => void room.deliverChat('a', 'now'));
    expect(screen.getByText('now')).toBeInTheDocument();
  });
});

export type { TestRoom };
