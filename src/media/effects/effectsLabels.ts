/**
 * The background effects' and noise filter's strings. Part of `RoomKitLabels` (give them to `<RoomProvider labels>` or a component's `labels`); their English
 * defaults ship with the components that show them.
 */
export interface EffectsLabels {
  /** The effects control's group name (background effects and noise filter). */
  effects: string;
  /** The background choice that turns effects off. */
  backgroundNone: string;
  /** The background choice that blurs the background. */
  backgroundBlur: string;
  /** A virtual background's name when the app gave none (1-based). */
  backgroundImage: (n: number) => string;
  /** The microphone noise-filter switch. */
  noiseFilter: string;
  /** Shown while an effect loads. */
  effectLoading: string;
}

declare module '../../ui/labels.js' {
  interface RoomKitLabels extends EffectsLabels {}
}

/** English defaults of {@link EffectsLabels}. */
export const defaultEffectsLabels: EffectsLabels = {
  effects: 'Effects',
  backgroundNone: 'No effect',
  backgroundBlur: 'Blur background',
  backgroundImage: (n) => `Background ${n}`,
  noiseFilter: 'Noise filter',
  effectLoading: 'Applying effect…',
};
