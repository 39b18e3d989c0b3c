import { Track } from 'livekit-client';
import { memo } from 'react';
import { useCan } from '../room/hooks/useCan.js';
import { useTracks } from './useTracks.js';
import { AudioTrack } from './VideoTrack.js';

const AUDIO_SOURCES = [Track.Source.Microphone, Track.Source.ScreenShareAudio];
const MemoAudio = memo(AudioTrack);

/** Props of {@link RoomAudioRenderer}. */
export interface RoomAudioRendererProps {
  /** Playback volume for every remote audio track, 0 to 1. */
  volume?: number;
}

/**
 * Plays every subscribed remote audio track. Renders nothing for a session that may not subscribe.
 */
export function RoomAudioRenderer({ volume }: RoomAudioRendererProps) {
  const canSubscribe = useCan('canSubscribe');
  const tracks = useTracks(AUDIO_SOURCES, { onlySubscribed: true });
  if (!canSubscribe) return null;
  return (
    <>
      {tracks.map((ref) =>
        ref.track && !ref.participant.isLocal ? (
          <MemoAudio key={ref.track.sid} track={ref.track} {...(volume === undefined ? {} : { volume })} />
        ) : null,
      )}
    </>
  );
}
