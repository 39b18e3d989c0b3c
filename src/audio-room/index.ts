/**
 * `@roomkit/react/audio-room`: audio rooms (speakers on stage, listeners in a list) as a room kind of its own:
 * `AudioConference`, `ParticipantAudioTile` and `useAudioRoomParticipants`. Its stylesheet is
 * `@roomkit/react/audio-room.css`, after `@roomkit/react/styles.css`. A meeting app that never imports this entry
 * ships none of it.
 *
 * @packageDocumentation
 */
export { AudioConference } from './AudioConference.js';
export type { AudioConferenceProps } from './AudioConference.js';
export { ParticipantAudioTile } from './ParticipantAudioTile.js';
export type { ParticipantAudioTileProps } from './ParticipantAudioTile.js';
export { defaultAudioRoomLabels } from './audioRoomLabels.js';
export type { AudioRoomLabelKey } from './audioRoomLabels.js';
export { useAudioRoomParticipants } from './useAudioRoomParticipants.js';
export type { AudioRoomParticipants } from './useAudioRoomParticipants.js';
export type { AudioRoomLabelStrings } from './audioRoomLabels.js';
