import { createElement, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { RoomKitLabels } from './labels.js';
import type { ParticipantState } from '../room/state/roomStore.js';

/** @internal What a tile feature's parts receive. */
export interface TilePartProps {
  /** The tile's participant. */
  identity: string;
  /** The tile's `labels` (its overrides), to merge over the feature's own defaults. */
  labels?: Partial<RoomKitLabels> | undefined;
  /** The tile's flags (every feature's), as on its root's `data-*` attributes; none for an `Action`. */
  flags?: Readonly<Record<string, boolean>>;
  className?: string | undefined;
}

/** @internal What a feature's placeholder receives: the tile's participant, its labels and the video's class. */
export interface TilePlaceholderProps {
  participant: ParticipantState;
  /** The tile's labels (the provider's and its overrides merged over the tile's defaults). */
  labels: Partial<RoomKitLabels>;
  className?: string | undefined;
}

/**
 * @internal What a feature shows on every participant tile while the feature is part of the app: raised hands and
 * reactions, encryption's locks, the host's menu, an AI agent's state and voice. The tile knows no feature; a feature adds itself with
 * {@link addTileFeature} from the modules an app must import to use it, so a bundler leaves a feature the app never
 * uses out of the tile too (issue 39: pay only for what you use). The mechanism and its trade-offs:
 * stories/docs/Architecture.mdx, "Tile features".
 */
export interface TileFeature {
  /** Its name; adding a name twice keeps the first. */
  name: string;
  /** Where its marks go among the others' (ascending): hands 10, encryption 20. */
  order: number;
  /** Its `data-*` flags on the tile's root (`{ 'hand-raised': true }`), a hook called on every render of the tile. */
  useFlags?: (identity: string) => Readonly<Record<string, boolean>>;
  /** Marks among the tile's indicators, before the microphone's. */
  Indicator?: ComponentType<TilePartProps>;
  /** Over the video (a reaction): `ParticipantTile.Reaction`. */
  Overlay?: ComponentType<TilePartProps>;
  /** In place of the video while `flags[cover.flag]` (media this session cannot decrypt); `video` is the video beneath. */
  cover?: { flag: string; Component: ComponentType<TilePartProps & { video: ReactNode }> };
  /**
   * What fills the box of `participant` in place of the camera-off placeholder (an AI agent without video: its state
   * and its voice), or false for a participant the feature leaves alone.
   */
  placeholder?: (participant: ParticipantState) => ComponentType<TilePlaceholderProps> | false;
  /** In the corner of the layouts' default tile, after the pin (the host's menu). */
  Action?: ComponentType<{ identity: string }>;
}

let features: readonly TileFeature[] = [];
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const snapshot = () => features;

/** @internal Adds a feature to every tile, present and future (a tile already on screen re-mounts its parts). */
export function addTileFeature(feature: TileFeature): void {
  if (features.some((f) => f.name === feature.name)) return;
  features = [...features, feature].sort((a, b) => a.order - b.order);
  listeners.forEach((listener) => listener());
}

/** @internal The tile features of this app, in their order; a new array only when one is added. */
export function useTileFeatures(): readonly TileFeature[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** @internal What {@link TileParts} takes: the part, and the features when the caller already holds them. */
type TilePartsProps = TilePartProps & {
  part: 'Indicator' | 'Overlay' | 'Action';
  /** The tile's features (its context holds them): given, no subscription of its own. */
  features?: readonly TileFeature[];
};

/**
 * @internal Renders one part (`Indicator`, `Overlay` or `Action`) of every feature that has it. Inside a tile, pass
 * the tile's `features`; outside one (the layouts' default tile's corner), it subscribes to the registry itself.
 */
export function TileParts({ features, ...props }: TilePartsProps) {
  return features ? renderParts(features, props) : <SubscribedTileParts {...props} />;
}

function SubscribedTileParts(props: Omit<TilePartsProps, 'features'>) {
  return renderParts(useTileFeatures(), props);
}

function renderParts(features: readonly TileFeature[], { part, ...props }: Omit<TilePartsProps, 'features'>) {
  return features.map((feature) => feature[part] && createElement(feature[part], { ...props, key: feature.name }));
}
