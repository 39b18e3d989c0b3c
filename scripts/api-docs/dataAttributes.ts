/**
 * The meaning of each `data-*` attribute the components render, for the "Styling" docs page. The generator finds the
 * attributes in the components' JSX and fails when one has no entry here (or an entry names none).
 */
export const dataAttributeMeanings: Record<string, string> = {
  'data-agent': 'The tile shows an AI agent (a participant of kind `agent`).',
  'data-agent-state': "An agent's state from its `lk.agent.state` attribute (initializing, listening, thinking, speaking, …; connecting before it says).",
  'data-captions': 'The conference shows live captions.',
  'data-edited': 'A chat message was edited after it was sent.',
  'data-empty': 'The captions have no line yet (the room has had no transcription).',
  'data-final': 'A caption line is final; without it the text is interim and may still change.',
  'data-speaker': 'The identity of the participant a caption line belongs to.',
  'data-action': 'The admin action of a menu item (mute, remove, allow or revoke publishing).',
  'data-active': 'A lit bar of the connection quality indicator.',
  'data-can-send': 'The local participant may send chat messages (`canPublishData`).',
  'data-chat-open': 'The conference shows its chat panel.',
  'data-kind': 'The device kind of a device select.',
  'data-local': 'The element shows the local participant (or the local preview).',
  'data-muted': 'The track is muted (on video elements and mute indicators).',
  'data-observer': 'The local participant is a hidden observer.',
  'data-page': 'The grid page shown, from 1.',
  'data-pages': 'How many grid pages there are.',
  'data-pending': 'An action is in flight: present on a toggle or the recording control; on the admin menu its value names the action.',
  'data-quality': "The participant's connection quality.",
  'data-reason': 'Why a tile shows a placeholder instead of video.',
  'data-recording': 'The room is being recorded.',
  'data-source': 'The track source shown or toggled.',
  'data-speaking': 'The participant is speaking now.',
  'data-state': 'The state of a toggle (on/off), of the connection (on the toast), or of an audio visualizer (live, or static without Web Audio or a track).',
  'data-video': "The state of the tile's video: playing, muted, off, or unavailable (no `canSubscribe`).",
  'data-viewer': 'PreJoin joins as a viewer (no `canPublish`): no preview or device controls.',
};
