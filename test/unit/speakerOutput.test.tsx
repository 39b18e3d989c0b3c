import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MediaDeviceSelect, PreJoin, RoomAudioRenderer, USER_CHOICES_STORAGE_KEY } from '../../src/index';
import { renderInRoom } from '../helpers/render';

// livekit-client reads the user agent once per module (this file's modules are its own) and takes jsdom's
// ("AppleWebKit", no "Chrome") for Safari, where it refuses to choose the audio output. Be Chromium before any
// room exists (mocks are restored after each test).
const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 jsdom';
beforeEach(() => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROMIUM);
  localStorage.clear();
});

const stored = () => JSON.parse(localStorage.getItem(USER_CHOICES_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;
const DEVICES = {
  audioinput: [{ deviceId: 'mic-1', label: 'Built-in microphone' }],
  videoinput: [{ deviceId: 'cam-1', label: 'HD camera' }],
};

describe('speaker output', () => {
  const sinks = new Map<HTMLMediaElement, string>();
  beforeEach(() => {
    sinks.clear();
    Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', {
      configurable: true,
      value: async function setSinkId(this: HTMLMediaElement, id: string) {
        sinks.set(this, id);
      },
    });
  });
  afterEach(() => void delete (HTMLMediaElement.prototype as { setSinkId?: unknown }).setSinkId);

  const SPEAKERS = { ...DEVICES, audiooutput: [{ deviceId: 'spk-1', label: 'Speakers' }, { deviceId: 'spk-2', label: 'Headphones' }] };

  it('plays every remote audio element on the chosen speaker, those that join later too, and remembers it', async () => {
    const { room, container } = renderInRoom(
      <>
        <MediaDeviceSelect kind="audiooutput" />
        <RoomAudioRenderer />
      </>,
      { devices: SPEAKERS, participants: [{ identity: 'amy', microphone: true }, { identity: 'bob', microphone: true }] },
    );
    const select = screen.getByLabelText('Choose speaker');
    await waitFor(() => expect(select).toHaveValue('spk-1'));
    await userEvent.selectOptions(select, 'spk-2');
    const audios = () => [...container.querySelectorAll('audio')];
    expect(audios()).toHaveLength(2);
    await waitFor(() => expect(audios().map((a) => sinks.get(a))).toEqual(['spk-2', 'spk-2']));
    act(() => void room.addParticipant({ identity: 'cat', microphone: true }));
    await waitFor(() => expect(audios()).toHaveLength(3));
    await waitFor(() => expect(audios().map((a) => sinks.get(a))).toEqual(['spk-2', 'spk-2', 'spk-2']));
    expect(stored()).toEqual({ audioOutputDeviceId: 'spk-2' });
  });

  it('a remembered speaker applies on the next visit', async () => {
    localStorage.setItem(USER_CHOICES_STORAGE_KEY, JSON.stringify({ audioOutputDeviceId: 'spk-2' }));
    const { container } = renderInRoom(
      <>
        <MediaDeviceSelect kind="audiooutput" />
        <RoomAudioRenderer />
      </>,
      { devices: SPEAKERS, participants: [{ identity: 'amy', microphone: true }] },
    );
    await waitFor(() => expect(screen.getByLabelText('Choose speaker')).toHaveValue('spk-2'));
    await waitFor(() => expect(sinks.get(container.querySelector('audio')!)).toBe('spk-2'));
  });

  it('is absent in Safari, where livekit-client cannot choose the audio output', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15');
    renderInRoom(<MediaDeviceSelect kind="audiooutput" />, { devices: SPEAKERS });
    expect(screen.queryByLabelText('Choose speaker')).toBeNull();
  });

  it('is absent where the browser cannot choose the audio output', () => {
    delete (HTMLMediaElement.prototype as { setSinkId?: unknown }).setSinkId;
    renderInRoom(<MediaDeviceSelect kind="audiooutput" />, { devices: SPEAKERS });
    expect(screen.queryByLabelText('Choose speaker')).toBeNull();
  });

  // Chromium's fake devices: the microphone and the speaker read the same words.
  const SAME_WORDS = { audioinput: [{ deviceId: 'default', label: 'Fake Default Audio' }], videoinput: DEVICES.videoinput, audiooutput: [{ deviceId: 'default', label: 'Fake Default Audio' }] };
  /** The words and icons a person sees in the row of the select named `name` (the select's own choice aside). */
  const row = (name: string) => {
    const select = screen.getByRole('combobox', { name });
    const group = select.closest('.rk-control-group');
    return { select, group, words: group ? [...group.childNodes].filter((n) => !(n instanceof Element && n.contains(select))).map((n) => n.textContent).join(' ').trim() : '' };
  };

  it("PreJoin's speaker row is named, with an icon, as the microphone and camera rows are; the selects keep their names", async () => {
    renderInRoom(<PreJoin onSubmit={() => {}} />, { connectionState: 'disconnected', devices: SAME_WORDS });
    const speaker = row('Choose speaker');
    const microphone = row('Choose microphone');
    await waitFor(() => expect(speaker.select).toHaveDisplayValue('Fake Default Audio'));
    expect(microphone.select).toHaveDisplayValue('Fake Default Audio');
    expect([microphone.words, speaker.words]).toEqual(['Microphone', 'Speaker']);
    expect(speaker.group!.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(within(speaker.group as HTMLElement).getByText('Speaker')).toBeInTheDocument();
  });

  it("PreJoin: a viewer's speaker row is named too; without a speaker choice there is no row and no name", () => {
    const { unmount } = renderInRoom(<PreJoin onSubmit={() => {}} />, { connectionState: 'disconnected', devices: SAME_WORDS, local: { grants: { canPublish: false } } });
    expect(row('Choose speaker').words).toBe('Speaker');
    unmount();
    delete (HTMLMediaElement.prototype as { setSinkId?: unknown }).setSinkId;
    renderInRoom(<PreJoin onSubmit={() => {}} />, { connectionState: 'disconnected', devices: SAME_WORDS });
    expect(screen.queryByRole('combobox', { name: 'Choose speaker' })).toBeNull();
    expect(screen.queryByText('Speaker')).toBeNull();
  });
});
