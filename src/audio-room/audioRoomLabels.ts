import { useContext, useMemo } from 'react';
import { defaultLabels, LabelsContext, type RoomKitLabels } from '../ui/labels.js';

/** The labels only audio rooms use (optional in {@link RoomKitLabels}, as their defaults ship apart). */
export type AudioRoomLabelKey = 'audioConference' | 'audioSpeakers' | 'audioListeners' | 'audioNoSpeakers' | 'audioNoListeners' | 'audioListening';

/** @internal Every label, the audio rooms' included. */
export type AudioRoomLabels = RoomKitLabels & Required<Pick<RoomKitLabels, AudioRoomLabelKey>>;

/**
 * English defaults of the audio room labels (`AudioConference`, `ParticipantAudioTile`). They live apart from
 * `defaultLabels` so that an app without audio rooms does not ship them.
 */
export const defaultAudioRoomLabels: Required<Pick<RoomKitLabels, AudioRoomLabelKey>> = {
  audioConference: 'Audio room',
  audioSpeakers: (count) => `Speakers (${count})`,
  audioListeners: (count) => `Listeners (${count})`,
  audioNoSpeakers: 'No one is on stage yet',
  audioNoListeners: 'No listeners yet',
  audioListening: 'You are listening',
};

/** @internal `useLabels` with the audio room defaults: English defaults, then the provider's overrides, then a component's. */
export function useAudioRoomLabels(overrides?: Partial<RoomKitLabels>): AudioRoomLabels {
  const fromProvider = useContext(LabelsContext);
  return useMemo(() => ({ ...defaultLabels, ...defaultAudioRoomLabels, ...fromProvider, ...overrides }) as AudioRoomLabels, [fromProvider, overrides]);
}
