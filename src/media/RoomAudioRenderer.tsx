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
  /** Playback volume for the sound of remote screen shares (`screen_share_audio`), 0 to 1; default `volume`. */
  screenShareVolume?: number;
}

/**
 * Plays every subscribed remote audio track: microphones and the sound of screen shares, each once. Never the
 * local participant's own (its shared tab's sound would come back as an echo). Renders nothing for a session that
 * may not subscribe.
 */
export function RoomAudioRenderer({ volume, screenShareVolume = volume }: RoomAudioRendererProps) {
  const canSubscribe = useCan('canSubscribe');
  const tracks = useTracks(AUDIO_SOURCES, { onlySubscribed: true });
  if (!canSubscribe) return null;
  return (
    <>
      {tracks.map((ref) => {
        if (!ref.track || ref.participant.isLocal) return null;
        const level = ref.source === Track.Source.ScreenShareAudio ? screenShareVolume : volume;
        return <MemoAudio key={ref.track.sid} track={ref.track} {...(level === undefined ? {} : { volume: level })} />;
      })}
    </>
  );
}
