import { ConnectionQuality, Track } from 'livekit-client';
import { createContext, forwardRef, memo, useContext, type ComponentType, type ForwardedRef, type HTMLAttributes, type ReactNode } from 'react';
import { agentStateOf } from '../room/state/agentState.js';
import type { ParticipantState } from '../room/state/roomStore.js';
import { useCan } from '../room/hooks/useCan.js';
import { useParticipant } from '../room/hooks/useParticipant.js';
import { cx, flag } from '../ui/dev.js';
import { CameraIcon, MicIcon, SoundIcon } from '../ui/icons.js';
import { TileParts, useTileFeatures, type TileFeature, type TilePlaceholderProps } from '../ui/tileFeatures.js';
import { useLabels, type RoomKitLabels, type CommonLabels } from '../ui/labels.js';
import { displayName } from '../room/displayName.js';
import { Slot } from '../ui/Slot.js';
import { VideoTrack } from '../media/VideoTrack.js';
import { defaultTileLabels, type TileLabels } from './tileLabels.js';

/** This file's English defaults besides the common ones. */
const DEFAULTS = defaultTileLabels;

/** The strings this file shows. */
type Labels = CommonLabels & Omit<TileLabels, 'agentState'>;


type VideoSource = Track.Source.Camera | Track.Source.ScreenShare;

interface TileContextValue {
  participant: ParticipantState;
  source: VideoSource;
  labels: Labels;
  /** The app's tile features (hands, encryption…), and their flags for this participant. */
  features: readonly TileFeature[];
  flags: Readonly<Record<string, boolean>>;
}

const TileContext = createContext<TileContextValue | null>(null);

function useTile(part: string): TileContextValue {
  const ctx = useContext(TileContext);
  if (!ctx) throw new Error(`<ParticipantTile.${part}> must be used inside <ParticipantTile.Root>.`);
  return ctx;
}


/** Props of {@link ParticipantTile} and `ParticipantTile.Root`. */
export interface ParticipantTileProps extends HTMLAttributes<HTMLDivElement> {
  /** The participant to show, by identity. The tile re-renders only when this participant changes. */
  identity: string;
  /** Which video to show: the camera (default) or the screen share. */
  source?: VideoSource;
  labels?: Partial<RoomKitLabels>;
  /** Render the root as its child element (Slot). */
  asChild?: boolean;
  /** Extra content in the tile's corner (e.g. `<ParticipantAdminMenu>`). */
  actions?: ReactNode;
}

/**
 * `ParticipantTile.Root`: the tile's element and context. Data attributes: `data-speaking`, `data-local`,
 * `data-video` ("on" | "muted" | "off" | "unavailable"), `data-source`, `data-quality`, and for an AI agent
 * `data-agent` with `data-agent-state` (its `lk.agent.state`, e.g. "listening" | "thinking" | "speaking"). The
 * features an app uses add theirs: `data-hand-raised` while the participant's hand is up (hands), `data-encrypted`
 * while its media is end-to-end encrypted and `data-decryption-failed` while this session cannot decrypt it
 * (encryption; see the Layouts guide, "Build your own conference").
 */
const Root = forwardRef<HTMLDivElement, ParticipantTileProps>(function ParticipantTileRoot(props, ref) {
  const features = useTileFeatures();
  // Each feature's flags are a hook: a feature added later (a lazily loaded chunk) re-mounts the root's hooks.
  return <RootWithFeatures key={features.length} {...props} features={features} rootRef={ref} />;
});

function RootWithFeatures({
  identity,
  source = Track.Source.Camera,
  labels: overrides,
  asChild,
  className,
  children,
  actions: _actions,
  features,
  rootRef,
  ...rest
}: ParticipantTileProps & { features: readonly TileFeature[]; rootRef: ForwardedRef<HTMLDivElement> }) {
  const participant = useParticipant(identity);
  const labels = useLabels(overrides, DEFAULTS);
  const canSubscribe = useCan('canSubscribe');
  // One hook per feature that has flags: `features` is fixed for this component (see Root's key).
  const flags: Record<string, boolean> = {};
  const featureFlags: Record<string, ''> = {};
  for (const feature of features) Object.assign(flags, feature.useFlags?.(identity));
  for (const name in flags) if (flags[name]) featureFlags[`data-${name}`] = '';
  if (!participant) return null;
  const video = participant.tracks.find((t) => t.source === source);
  const videoState = !participant.isLocal && !canSubscribe ? 'unavailable' : !video ? 'off' : video.muted ? 'muted' : 'on';
  const Component = asChild ? Slot : 'div';
  const agent = participant.kind === 'agent';
  return (
    <TileContext.Provider value={{ participant, source, labels, features, flags }}>
      <Component
        role="group"
        aria-label={`${displayName(participant)}${participant.isLocal ? ` ${labels.you}` : ''}${agent ? `, ${labels.agent}` : ''}`}
        {...rest}
        ref={rootRef}
        className={cx('rk-tile', className)}
        data-speaking={flag(participant.isSpeaking)}
        data-local={flag(participant.isLocal)}
        data-video={videoState}
        data-source={source}
        data-quality={participant.connectionQuality}
        data-agent={flag(agent)}
        data-agent-state={agent ? (agentStateOf(participant) ?? 'connecting') : undefined}
        {...featureFlags}
      >
        {children}
      </Component>
    </TileContext.Provider>
  );
}

/**
 * `ParticipantTile.Video`: the video, or a placeholder with initials when there is none to show. An AI agent without
 * video shows its state and its voice instead once the app shows agents on tiles (`showAgentOnTiles`).
 */
function Video({ className }: { className?: string }) {
  const { participant, source, labels, features, flags } = useTile('Video');
  const canSubscribe = useCan('canSubscribe');
  const track = participant.tracks.find((t) => t.source === source);
  // A feature may cover the video (encryption: frames this session cannot decrypt). The video stays beneath,
  // subscribed and sized, so the frames that decrypt again (after a re-key) reach it and end the cover.
  const cover = features.find((feature) => feature.cover && flags[feature.cover.flag])?.cover;
  if (cover) {
    const shown = track && !track.muted && canSubscribe;
    return (
      <cover.Component
        identity={participant.identity}
        labels={labels}
        flags={flags}
        className={className}
        video={shown ? <VideoTrack track={track} className={className} /> : null}
      />
    );
  }
  if (!participant.isLocal && !canSubscribe) {
    return (
      <div className={cx('rk-tile-placeholder', className)} data-reason="no-subscribe">
        <span className="rk-tile-placeholder-text">{labels.videoUnavailable}</span>
      </div>
    );
  }
  // A published, unmuted video keeps its element even while unsubscribed (off screen): the element is what
  // subscribes it again when it scrolls back into view.
  if (!track || track.muted || (!track.track && participant.isLocal)) {
    // A feature may fill the box instead (an agent's state and voice: showAgentOnTiles, agentOnTiles.tsx).
    let Placeholder: ComponentType<TilePlaceholderProps> | false | undefined;
    for (const feature of features) Placeholder ||= feature.placeholder?.(participant);
    if (Placeholder) return <Placeholder participant={participant} labels={labels} className={className} />;
    const name = displayName(participant);
    return (
      <div className={cx('rk-tile-placeholder', className)} data-reason="camera-off">
        <span className="rk-avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="rk-visually-hidden">{labels.cameraOff}</span>
      </div>
    );
  }
  return <VideoTrack track={track} className={className} />;
}

/** `ParticipantTile.Name`: the participant's name, "(you)" for the local one. */
function Name({ className }: { className?: string }) {
  const { participant, labels } = useTile('Name');
  return <ParticipantNameText participant={participant} labels={labels} className={className} />;
}

function ParticipantNameText({ participant, labels, className }: { participant: ParticipantState; labels: Labels; className?: string | undefined }) {
  return (
    <span className={cx('rk-participant-name', className)}>
      {displayName(participant)}
      {participant.isLocal ? <span className="rk-you"> {labels.you}</span> : null}
    </span>
  );
}

/**
 * `ParticipantTile.Indicators`: the marks of the app's tile features (raised hand, end-to-end encryption), microphone
 * muted, speaking and connection quality.
 * A screen-share tile tells of the share, not of the sharer's microphone: "Shared with sound"
 * (`labels.screenShareSound`, `data-share-sound`) while the share carries sound, and nothing of the microphone.
 */
function Indicators({ className }: { className?: string }) {
  const { participant, source, labels, features, flags } = useTile('Indicators');
  const share = source === Track.Source.ScreenShare;
  const mic = participant.tracks.find((t) => t.source === Track.Source.Microphone);
  const sound = share && participant.tracks.some((t) => t.source === Track.Source.ScreenShareAudio && !t.muted);
  return (
    <span className={cx('rk-tile-indicators', className)}>
      <TileParts part="Indicator" features={features} identity={participant.identity} labels={labels} flags={flags} />
      {sound ? (
        <span className="rk-indicator" role="img" aria-label={labels.screenShareSound} data-share-sound="">
          <SoundIcon />
        </span>
      ) : !share && (!mic || mic.muted) ? (
        <span className="rk-indicator" role="img" aria-label={labels.microphoneMuted} data-muted="">
          <MicIcon off />
        </span>
      ) : null}
      {participant.isSpeaking ? <span className="rk-visually-hidden">{labels.speaking}</span> : null}
      <QualityBars quality={participant.connectionQuality} labels={labels} />
    </span>
  );
}

/**
 * `ParticipantTile.Reaction`: the participant's reaction for a few seconds, when the app uses reactions; re-renders
 * alone, not the tile.
 */
function Reaction({ className }: { className?: string }) {
  const { participant, labels, features, flags } = useTile('Reaction');
  return <TileParts part="Overlay" features={features} identity={participant.identity} labels={labels} flags={flags} className={className} />;
}

function QualityBars({ quality, labels, className }: { quality: ConnectionQuality; labels: Labels; className?: string | undefined }) {
  if (quality === ConnectionQuality.Unknown) return null;
  const level = { excellent: 3, good: 2, poor: 1, lost: 0 }[quality];
  return (
    <span className={cx('rk-quality', className)} role="img" aria-label={labels.connectionQuality(quality)} data-quality={quality}>
      {[1, 2, 3].map((bar) => (
        <span key={bar} className="rk-quality-bar" data-active={flag(bar <= level)} />
      ))}
    </span>
  );
}

/**
 * A participant's tile: video or placeholder, name, muted microphone, speaking state and connection quality.
 * Memoised and subscribed by identity, so one participant speaking re-renders one tile.
 *
 * Compose your own from the parts: `ParticipantTile.Root`, `.Video`, `.Name`, `.Indicators`.
 */
const ParticipantTileBase = memo(
  forwardRef<HTMLDivElement, ParticipantTileProps>(function ParticipantTile({ children, actions, ...props }, ref) {
    return (
      <Root {...props} ref={ref}>
        {children ?? (
          <>
            <Video />
            <Reaction />
            <span className="rk-tile-footer">
              <Name />
              <Indicators />
            </span>
            {actions ? <span className="rk-tile-actions">{actions}</span> : null}
          </>
        )}
      </Root>
    );
  }),
);

/**
 * A participant's tile: video or placeholder, name, muted microphone, speaking state and connection quality,
 * re-rendered only when that participant changes. Compose your own from its parts: `ParticipantTile.Root`
 * (element, context and `data-*` state), `.Video`, `.Name` and `.Indicators`.
 *
 * The features the app uses add theirs (Docs/Layouts, "Build your own conference"): raised hands, reactions,
 * encryption's lock, the host's menu, and an AI agent's state and voice in place of its initial while it has no
 * video. `VideoConference`, `useAgent` and every part of `@roomkit/react/agent` bring the agent's; a tile of your own
 * meeting shows it after one call of `showAgentOnTiles()` from `@roomkit/react/agent`, and without it the app ships
 * no visualizer.
 *
 * @example
 * ```tsx
 * <ParticipantTile identity="alice">
 *   <ParticipantTile.Video />
 *   <ParticipantTile.Name />
 * </ParticipantTile>
 * ```
 */
export const ParticipantTile = Object.assign(ParticipantTileBase, { Root, Video, Name, Indicators, Reaction });

/** Props of {@link ParticipantName}. */
export interface ParticipantNameProps {
  identity: string;
  className?: string;
  labels?: Partial<RoomKitLabels>;
}

/** A participant's display name (as text, never HTML), with "(you)" for the local participant. */
export function ParticipantName({ identity, className, labels: overrides }: ParticipantNameProps) {
  const participant = useParticipant(identity);
  const labels = useLabels(overrides, DEFAULTS);
  if (!participant) return null;
  return <ParticipantNameText participant={participant} labels={labels} className={className} />;
}

/** Props of {@link ConnectionQualityIndicator}. */
export interface ConnectionQualityIndicatorProps {
  identity: string;
  className?: string;
  labels?: Partial<RoomKitLabels>;
}

/** Three bars for a participant's connection quality; `data-quality` carries the level. */
export function ConnectionQualityIndicator({ identity, className, labels: overrides }: ConnectionQualityIndicatorProps) {
  const participant = useParticipant(identity);
  const labels = useLabels(overrides, DEFAULTS);
  if (!participant) return null;
  return <QualityBars quality={participant.connectionQuality} labels={labels} className={className} />;
}

/** Props of {@link TrackMutedIndicator}. */
export interface TrackMutedIndicatorProps {
  identity: string;
  source: Track.Source.Microphone | Track.Source.Camera;
  className?: string;
  labels?: Partial<RoomKitLabels>;
}

/** An icon shown while a participant's microphone or camera is muted or absent; `data-muted` when shown. */
export function TrackMutedIndicator({ identity, source, className, labels: overrides }: TrackMutedIndicatorProps) {
  const participant = useParticipant(identity);
  const labels = useLabels(overrides, DEFAULTS);
  const track = participant?.tracks.find((t) => t.source === source);
  if (!participant || (track && !track.muted)) return null;
  const isMic = source === Track.Source.Microphone;
  return (
    <span className={cx('rk-indicator', className)} role="img" aria-label={isMic ? labels.microphoneMuted : labels.cameraOff} data-muted="">
      {isMic ? <MicIcon off /> : <CameraIcon off />}
    </span>
  );
}
