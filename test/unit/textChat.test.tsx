import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Chat, LiveAnnouncer, RoomProvider, useChat, type ChatMessage } from '../../src/index';
import { createTestRoom, type TestRoom } from '../../src/testing/index';

const wrap = (room: TestRoom) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <RoomProvider room={room}>{children}</RoomProvider>;
  };

const legacy = (body: Record<string, unknown>) => JSON.stringify(body);
const texts = (messages: readonly ChatMessage[]) => messages.map((m) => `${m.from}:${m.message}`);

describe('chat on lk.chat text streams and legacy packets', () => {
  it('shows a LiveKit-format message (text stream) and drops its ignoreLegacy copy', async () => {
    const room = createTestRoom({ participants: [{ identity: 'lk-user', name: 'Lee' }] });
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    act(() => void room.deliverText('lk-user', 'hello from components', { id: 'm1', timestamp: 1000 }));
    await waitFor(() => expect(texts(result.current.messages)).toEqual(['lk-user:hello from components']));
    act(() => void room.deliverData('lk-user', legacy({ id: 'm1', timestamp: 1000, message: 'hello from components', ignoreLegacy: true }), { topic: 'lk-chat-topic' }));
    // A later message proves the copy was processed (and dropped) before it.
    act(() => void room.deliverData('lk-user', legacy({ id: 'm2', timestamp: 2000, message: 'second' }), { topic: 'lk-chat-topic' }));
    await waitFor(() => expect(texts(result.current.messages)).toEqual(['lk-user:hello from components', 'lk-user:second']));
    expect(result.current.messages[0]).toMatchObject({ id: 'm1', timestamp: 1000, isLocal: false });
    expect(result.current.messages[0]!.editTimestamp).toBeUndefined();
  });

  it('shows a message once when both transports carry it (an older server: no ignoreLegacy flag), in either order', async () => {
    const room = createTestRoom({ participants: [{ identity: 'a' }] });
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    act(() => void room.deliverText('a', 'one', { id: 'x1' }));
    await waitFor(() => expect(result.current.messages).toHaveLength(1));
    act(() => void room.deliverData('a', legacy({ id: 'x1', timestamp: 1, message: 'one' }), { topic: 'lk-chat-topic' }));
    // legacy first, then the stream
    act(() => void room.deliverData('a', legacy({ id: 'x2', timestamp: 2, message: 'two' }), { topic: 'lk-chat-topic' }));
    act(() => void room.deliverText('a', 'two', { id: 'x2' }));
    act(() => void room.deliverText('a', 'three', { id: 'x3' }));
    await waitFor(() => expect(texts(result.current.messages)).toEqual(['a:one', 'a:two', 'a:three']));
    expect(result.current.messages.every((m) => m.editTimestamp === undefined)).toBe(true);
  });

  it('keeps the same id from different senders apart', async () => {
    const room = createTestRoom({ participants: [{ identity: 'a' }, { identity: 'b' }] });
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    act(() => void room.deliverText('a', 'from a', { id: 'same' }));
    act(() => void room.deliverText('b', 'from b', { id: 'same' }));
    await waitFor(() => expect(texts(result.current.messages)).toEqual(['a:from a', 'b:from b']));
  });

  it('replaces an edited message in place (same id, a second stream) with editTimestamp', async () => {
    const room = createTestRoom({ participants: [{ identity: 'a' }] });
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    act(() => void room.deliverText('a', 'teh typo', { id: 'e1', timestamp: 100 }));
    act(() => void room.deliverText('a', 'after', { id: 'e2', timestamp: 200 }));
    await waitFor(() => expect(result.current.messages).toHaveLength(2));
    act(() => void room.deliverText('a', 'the typo', { id: 'e1', timestamp: 300 }));
    await waitFor(() => expect(texts(result.current.messages)).toEqual(['a:the typo', 'a:after']));
    expect(result.current.messages[0]).toMatchObject({ id: 'e1', timestamp: 100, editTimestamp: 300 });
  });

  it('shows a reply streamed in chunks once, whole, and announces it whole', async () => {
    const room = createTestRoom({ participants: [{ identity: 'agent', name: 'Ada', kind: 'agent' }] });
    const seen: string[][] = [];
    function Probe() {
      seen.push(texts(useChat().messages));
      return null;
    }
    render(
      <RoomProvider room={room}>
        <Probe />
        <LiveAnnouncer />
      </RoomProvider>,
    );
    act(() => void room.deliverText('agent', ['Hel', 'lo ', 'there'], { id: 's1' }));
    await waitFor(() => expect(seen.at(-1)).toEqual(['agent:Hello there']));
    expect(seen.flat().filter((t) => t !== 'agent:Hello there')).toEqual([]);
    expect(screen.getByTestId('rk-announcer')).toHaveTextContent('Ada: Hello there');
  });

  it('sends a text stream on lk.chat and a legacy copy with the same id, flagged ignoreLegacy on a server with data streams', async () => {
    const room = createTestRoom({ local: { identity: 'me' } });
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    let sent: ChatMessage | undefined;
    await act(async () => {
      sent = await result.current.send('hi everyone');
    });
    expect(room.sentText).toHaveLength(1);
    expect(room.sentText[0]).toMatchObject({ text: 'hi everyone', topic: 'lk.chat', type: 'create', options: { topic: 'lk.chat' } });
    expect(room.sentData).toHaveLength(1);
    expect(room.sentData[0]!.topic).toBe('lk-chat-topic');
    expect(room.sentData[0]!.reliable).toBe(true);
    const body = JSON.parse(room.sentData[0]!.text) as Record<string, unknown>;
    expect(body).toEqual({ id: room.sentText[0]!.id, timestamp: sent!.timestamp, message: 'hi everyone', ignoreLegacy: true });
    expect(sent).toMatchObject({ id: room.sentText[0]!.id, from: 'me', isLocal: true, message: 'hi everyone' });
    expect(texts(result.current.messages)).toEqual(['me:hi everyone']);
  });

  it('sends the legacy copy unflagged to a server without data streams (1.8.0), as LiveKit components do', async () => {
    const room = createTestRoom({ serverVersion: '1.8.0' });
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    await act(async () => void (await result.current.send('old server')));
    expect(JSON.parse(room.sentData[0]!.text)).toMatchObject({ message: 'old server', ignoreLegacy: false, id: room.sentText[0]!.id });
  });

  it('edits its own message with an update stream of the same id and a legacy copy', async () => {
    const room = createTestRoom();
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    let id = '';
    await act(async () => {
      id = (await result.current.send('draft')).id;
    });
    await act(async () => void (await result.current.edit(id, 'final words')));
    expect(room.sentText[1]).toMatchObject({ id, text: 'final words', topic: 'lk.chat', type: 'update' });
    expect(JSON.parse(room.sentData[1]!.text)).toMatchObject({ id, message: 'final words', ignoreLegacy: true });
    expect(result.current.messages).toHaveLength(1);
    expect(result.current.messages[0]).toMatchObject({ id, message: 'final words' });
    expect(result.current.messages[0]!.editTimestamp).toEqual(expect.any(Number));
    await act(async () => {
      await expect(result.current.edit('not-mine', 'x')).rejects.toMatchObject({ code: 'not-permitted' });
    });
  });

  /** Watches every way a message can leave: text streams, and data packets (the legacy copy). */
  const watchWire = (room: TestRoom) => {
    const lp = room.localParticipant;
    return [vi.spyOn(lp, 'sendText'), vi.spyOn(lp, 'streamText'), vi.spyOn(lp, 'publishData')];
  };

  it.each<[string, unknown, RegExp]>([
    ['an empty string', '', /got ""/],
    ['white space only', ' \n\t ', /got " \\n\\t "/],
    ['a number', 42, /got Number/],
    ['null', null, /null/],
    ['an object', {}, /got Object/],
    ['undefined', undefined, /undefined/],
  ])('refuses to send %s with invalid-message, naming the fix, and sends nothing', async (_name, text, problem) => {
    const room = createTestRoom({ local: { identity: 'me' } });
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    const wire = watchWire(room);
    await act(async () => {
      const refused = result.current.send(text as string);
      await expect(refused).rejects.toMatchObject({ name: 'RoomKitError', code: 'invalid-message', message: expect.stringMatching(problem) });
      await expect(refused).rejects.toMatchObject({ message: expect.stringMatching(/useChat\(\)\.send.*non-blank string/) });
    });
    for (const spy of wire) expect(spy).not.toHaveBeenCalled();
    expect(room.sentText).toEqual([]);
    expect(room.sentData).toEqual([]);
    expect(result.current.messages).toEqual([]);
    expect(result.current.error?.code).toBe('invalid-message');
  });

  it.each<[string, unknown]>([
    ['an empty string', ''],
    ['white space only', '   '],
    ['a number', 7],
    ['null', null],
    ['an array', ['x']],
  ])('refuses to edit a message into %s with invalid-message, and sends nothing', async (_name, text) => {
    const room = createTestRoom();
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    let id = '';
    await act(async () => {
      id = (await result.current.send('keep me')).id;
    });
    const wire = watchWire(room);
    await act(async () => {
      await expect(result.current.edit(id, text as string)).rejects.toMatchObject({ code: 'invalid-message', message: expect.stringMatching(/useChat\(\)\.edit/) });
    });
    for (const spy of wire) expect(spy).not.toHaveBeenCalled();
    expect(room.sentText).toHaveLength(1);
    expect(result.current.messages.map((m) => m.message)).toEqual(['keep me']);
  });

  it('gates sending on canPublishData: nothing reaches the server, in either format', async () => {
    const room = createTestRoom({ local: { grants: { canPublishData: false } } });
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    expect(result.current.canSend).toBe(false);
    await act(async () => {
      await expect(result.current.send('nope')).rejects.toMatchObject({ code: 'not-permitted' });
    });
    expect(room.sentText).toEqual([]);
    expect(room.sentData).toEqual([]);
  });

  it('falls back to legacy packets where livekit-client has no text streams (2.0–2.8)', async () => {
    const room = createTestRoom({ participants: [{ identity: 'a' }] });
    const r = room as unknown as Record<string, unknown>;
    r.registerTextStreamHandler = undefined;
    (room.localParticipant as unknown as Record<string, unknown>).sendText = undefined;
    const { result } = renderHook(() => useChat(), { wrapper: wrap(room) });
    // The ignoreLegacy copy is the only copy this session can read: it is shown.
    act(() => void room.deliverData('a', legacy({ id: 'c1', timestamp: 5, message: 'copy', ignoreLegacy: true }), { topic: 'lk-chat-topic' }));
    await waitFor(() => expect(texts(result.current.messages)).toEqual(['a:copy']));
    await act(async () => void (await result.current.send('legacy only')));
    expect(room.sentText).toEqual([]);
    const body = JSON.parse(room.sentData[0]!.text) as Record<string, unknown>;
    expect(body).toEqual({ id: expect.any(String), timestamp: expect.any(Number), message: 'legacy only' });
  });

  it('owns the one lk.chat handler per room while used, and gives it back when the last user unmounts', async () => {
    const room = createTestRoom({ participants: [{ identity: 'a' }] });
    const view = render(
      <RoomProvider room={room}>
        <Chat />
        <Chat />
      </RoomProvider>,
    );
    act(() => void room.deliverText('a', 'both panels'));
    await waitFor(() => expect(screen.getAllByText('both panels')).toHaveLength(2));
    expect(() => room.registerTextStreamHandler('lk.chat', () => undefined)).toThrow();
    view.unmount();
    expect(() => room.registerTextStreamHandler('lk.chat', () => undefined)).not.toThrow();
  });

  it('applies livekit-client chat packets (sendChatMessage, editChatMessage) and marks an edit in <Chat>', async () => {
    const room = createTestRoom({ participants: [{ identity: 'a', name: 'Al' }] });
    render(
      <RoomProvider room={room}>
        <Chat />
      </RoomProvider>,
    );
    // What a server relays for LocalParticipant.sendChatMessage / editChatMessage (a `chatMessage` DataPacket).
    const packet = (value: Record<string, unknown>) =>
      (room as unknown as { handleDataPacket(p: unknown, e: number): void }).handleDataPacket(
        { participantIdentity: 'a', destinationIdentities: [], value: { case: 'chatMessage', value: { generated: false, ...value } } },
        0,
      );
    act(() => packet({ id: 'p1', timestamp: BigInt(1000), message: 'first version', deleted: false }));
    act(() => packet({ id: 'p2', timestamp: BigInt(2000), message: 'unchanged', deleted: false }));
    await screen.findByText('unchanged');
    act(() => packet({ id: 'p1', timestamp: BigInt(1000), editTimestamp: BigInt(3000), message: 'second version', deleted: false }));
    const edited = (await screen.findByText('second version')).closest('li')!;
    expect(edited).toHaveAttribute('data-edited', '');
    expect(edited).toHaveTextContent('(edited)');
    expect(screen.queryByText('first version')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('unchanged').closest('li')).not.toHaveAttribute('data-edited');
  });

  it('lets a user type and send in <Chat>, shown once', async () => {
    const room = createTestRoom({ local: { identity: 'me', name: 'Me' } });
    render(
      <RoomProvider room={room}>
        <Chat />
      </RoomProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'typed{Enter}');
    await screen.findByText('typed');
    expect(screen.getAllByText('typed')).toHaveLength(1);
    expect(room.sentText.map((t) => t.text)).toEqual(['typed']);
  });
});
