import { defaultChatLabels, type ChatLabels } from '../chat/index.js';
import { defaultEncryptionLabels, type EncryptionLabels } from '../e2ee/index.js';
import { defaultAgentStateLabels, defaultTileLabels, type TileLabels } from '../tile/index.js';
import { useLabels, type CommonLabels, type RoomKitLabels } from '../ui/labels.js';

/**
 * The audio room's strings (`AudioConference`, `ParticipantAudioTile`). Optional in `RoomKitLabels`: their English
 * defaults ship with the audio room's entry, so an app without audio rooms carries none of them. A translation
 * should give them.
 */
export interface AudioRoomLabelStrings {
  /** The audio room's region name. */
  audioConference?: string;
  /** The heading of an audio room's speakers (those who may publish), with their count: "Speakers (3)". */
  audioSpeakers?: (count: number) => string;
  /** The heading of an audio room's listeners (no `canPublish`), with their count: "Listeners (120)". */
  audioListeners?: (count: number) => string;
  /** Shown in the speakers section while no one may speak. */
  audioNoSpeakers?: string;
  /** Shown in the listeners section while everyone may speak. */
  audioNoListeners?: string;
  /** The badge a listener sees (no `canPublish`): why there is no microphone. */
  audioListening?: string;
}

declare module '../ui/labels.js' {
  interface RoomKitLabels extends AudioRoomLabelStrings {}
}

/** The labels only audio rooms use. */
export type AudioRoomLabelKey = keyof AudioRoomLabelStrings;

/**
 * English defaults of the audio room labels (`AudioConference`, `ParticipantAudioTile`). They live apart from
 * `defaultLabels` so that an app without audio rooms does not ship them.
 */
export const defaultAudioRoomLabels: Required<AudioRoomLabelStrings> = {
  audioConference: 'Audio room',
  audioSpeakers: (count) => `Speakers (${count})`,
  audioListeners: (count) => `Listeners (${count})`,
  audioNoSpeakers: 'No one is on stage yet',
  audioNoListeners: 'No listeners yet',
  audioListening: 'You are listening',
};

/** @internal The strings the audio room shows: the common ones, its own, and those of chat, encryption and tiles it uses. */
export type AudioRoomLabels = CommonLabels & Required<AudioRoomLabelStrings> & ChatLabels & EncryptionLabels & TileLabels;

const DEFAULTS = { ...defaultChatLabels, ...defaultEncryptionLabels, ...defaultTileLabels, ...defaultAgentStateLabels, ...defaultAudioRoomLabels };

/** @internal `useLabels` with the audio room defaults: English defaults, then the provider's overrides, then a component's. */
export function useAudioRoomLabels(overrides?: Partial<RoomKitLabels>): AudioRoomLabels {
  return useLabels(overrides, DEFAULTS);
}
