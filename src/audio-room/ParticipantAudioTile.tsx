import { Track } from 'livekit-client';
import { forwardRef, memo, type HTMLAttributes, type ReactNode } from 'react';
import { agentStateOf } from '../room/state/agentState.js';
import { useDecryptionFailed, useIsEncrypted, EncryptedIndicator } from '../e2ee/index.js';
import { useIsHandRaised, RaisedHandIndicator } from '../hands/index.js';
import { useParticipant } from '../room/hooks/useParticipant.js';
import { useAudioRoomLabels } from './audioRoomLabels.js';
import { cx, flag } from '../ui/dev.js';
import { LockIcon, MicIcon } from '../ui/icons.js';
import type { RoomKitLabels } from '../ui/labels.js';
import { ParticipantAdminMenu } from '../people/index.js';
import { displayName } from '../room/displayName.js';

/** Props of {@link ParticipantAudioTile}. */
export interface ParticipantAudioTileProps extends HTMLAttributes<HTMLDivElement> {
  /** The participant to show, by identity. The tile re-renders only when this participant (or its hand) changes. */
  identity: string;
  /**
   * Content in the tile's corner. Default: the {@link ParticipantAdminMenu}, which renders only for a `roomAdmin`
   * session (its actions come from the nearest `AudioConference` or `VideoConference`). Pass `null` for none; keep
   * an element you pass stable (`useMemo`), or the memoised tile re-renders with its parent.
   */
  actions?: ReactNode;
  labels?: Partial<RoomKitLabels>;
}

/**
 * A participant of an audio room, without any video: avatar (the name's initial), name ("(you)" for the local
 * one), a speaking ring, the microphone state, a raised hand, an agent's state, and a lock while its audio is
 * end-to-end encrypted (or, when this session cannot decrypt it, that in words). An accessible group named after
 * the participant. Memoised and subscribed by identity, so one participant speaking re-renders one tile.
 *
 * Data attributes: `data-speaking`, `data-local`, `data-muted` (microphone not on), `data-microphone` (`on` |
 * `muted` | `off`), `data-hand-raised`, `data-encrypted` (its audio is end-to-end encrypted; a lock shows it),
 * `data-decryption-failed` (this session cannot decrypt it, said in words), `data-agent` with `data-agent-state`,
 * and `data-identity`.
 *
 * Styled by `@roomkit/react/audio-room.css`, imported after `@roomkit/react/styles.css`.
 *
 * @example
 * ```tsx
 * <ParticipantAudioTile identity="ada" />
 * ```
 */
export const ParticipantAudioTile = memo(
  forwardRef<HTMLDivElement, ParticipantAudioTileProps>(function ParticipantAudioTile({ identity, actions, labels: overrides, className, ...rest }, ref) {
    const participant = useParticipant(identity);
    const handRaised = useIsHandRaised(identity);
    const encrypted = useIsEncrypted(identity);
    const undecryptable = useDecryptionFailed(identity);
    const labels = useAudioRoomLabels(overrides);
    if (!participant) return null;
    const name = displayName(participant);
    const mic = participant.tracks.find((t) => t.source === Track.Source.Microphone);
    const microphone = !mic ? 'off' : mic.muted ? 'muted' : 'on';
    const agent = participant.kind === 'agent';
    const agentState = agent ? agentStateOf(participant) : undefined;
    return (
      <div
        role="group"
        aria-label={`${name}${participant.isLocal ? ` ${labels.you}` : ''}${agent ? `, ${labels.agent}` : ''}`}
        {...rest}
        ref={ref}
        className={cx('rk-audio-tile', className)}
        data-identity={identity}
        data-speaking={flag(participant.isSpeaking)}
        data-local={flag(participant.isLocal)}
        data-muted={flag(microphone !== 'on')}
        data-microphone={microphone}
        data-hand-raised={flag(handRaised)}
        data-encrypted={flag(encrypted)}
        data-decryption-failed={flag(undecryptable)}
        data-agent={flag(agent)}
        data-agent-state={agent ? (agentState ?? 'connecting') : undefined}
      >
        <span className="rk-avatar rk-audio-avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="rk-audio-tile-name">
          {name}
          {participant.isLocal ? <span className="rk-you"> {labels.you}</span> : null}
        </span>
        {agent ? <span className="rk-audio-agent-state">{labels.agentState(agentState)}</span> : null}
        {/* Audio this session cannot decrypt is silence: say so rather than show a quiet participant. */}
        {undecryptable ? (
          <span className="rk-audio-tile-error rk-error-text">
            <LockIcon broken />
            {labels.cannotDecrypt}
          </span>
        ) : null}
        <span className="rk-audio-tile-indicators">
          <RaisedHandIndicator identity={identity} labels={overrides} />
          {encrypted && !undecryptable ? <EncryptedIndicator label={labels.encrypted} /> : null}
          {microphone !== 'on' ? (
            <span className="rk-indicator" role="img" aria-label={labels.microphoneMuted} data-muted="">
              <MicIcon off />
            </span>
          ) : null}
          {participant.isSpeaking ? <span className="rk-visually-hidden">{labels.speaking}</span> : null}
        </span>
        {actions === undefined ? (
          <ParticipantAdminMenu identity={identity} className="rk-audio-tile-actions" labels={overrides} />
        ) : actions ? (
          <span className="rk-audio-tile-actions">{actions}</span>
        ) : null}
      </div>
    );
  }),
);
