import { useId } from 'react';
import type { BackgroundEffect, BackgroundEffectsConfig } from './effects.js';
import { useBackgroundEffect } from './useBackgroundEffect.js';
import { useNoiseFilter } from './useNoiseFilter.js';
import { cx, flag } from '../../ui/dev.js';
import { EffectsIcon } from '../../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../../ui/labels.js';
import { defaultEffectsLabels } from './effectsLabels.js';



/** A virtual background the user may pick. */
export interface VirtualBackground {
  /** The image's URL (same origin, or served with CORS). */
  url: string;
  /** Its accessible name; `labels.backgroundImage(n)` when omitted. */
  label?: string;
}

/** Props of {@link EffectsControl}. */
export interface EffectsControlProps {
  /** How effects load and where their assets live (see {@link BackgroundEffectsConfig}). */
  config?: BackgroundEffectsConfig | undefined;
  /** Virtual backgrounds offered after None and Blur. */
  backgrounds?: readonly VirtualBackground[];
  /** Offer blur (default true). */
  blur?: boolean;
  /** The blur radius in pixels (default 10). */
  blurRadius?: number;
  /** Offer the microphone noise-filter switch (default true). */
  noiseFilter?: boolean;
  /** An effect applied on mount when none was chosen in this room yet (for example a remembered one). */
  defaultEffect?: BackgroundEffect;
  /** Called with each effect the user chooses. */
  onEffectChange?: (effect: BackgroundEffect) => void;
  /**
   * Render as a disclosure (an "Effects" button with its icon, then the choices), for a control bar: in a compact bar
   * it shows its icon alone, its name as a tooltip, like the bar's other buttons.
   */
  collapsible?: boolean;
  labels?: Partial<RoomKitLabels>;
  className?: string;
}

function same(a: BackgroundEffect, b: BackgroundEffect): boolean {
  return a.kind === b.kind && (a.kind !== 'image' || a.url === (b as { url: string }).url);
}

/**
 * Background effects (None, Blur, each virtual background, as a radio group) and a microphone noise-filter
 * switch, for the pre-join screen and the call. The background choices are absent when the session may not
 * publish its camera or the browser cannot run them; the switch is absent when it may not publish its
 * microphone or the browser cannot switch noise suppression; with neither, nothing renders.
 * `data-state` on the root is the effect's status (`idle`, `loading`, `applied`, `error`).
 */
export function EffectsControl({
  config,
  backgrounds = [],
  blur = true,
  blurRadius,
  noiseFilter = true,
  defaultEffect,
  onEffectChange,
  collapsible = false,
  labels: overrides,
  className,
}: EffectsControlProps) {
  const labels = useLabels(overrides, defaultEffectsLabels);
  const name = useId();
  const background = useBackgroundEffect({ config, defaultEffect, onEffectChange });
  const noise = useNoiseFilter();
  const showBackground = background.allowed && background.supported;
  const showNoise = noiseFilter && noise.allowed && noise.supported;
  if (!showBackground && !showNoise) return null;

  const choices: Array<{ effect: BackgroundEffect; label: string }> = [{ effect: { kind: 'none' }, label: labels.backgroundNone }];
  if (blur) choices.push({ effect: blurRadius === undefined ? { kind: 'blur' } : { kind: 'blur', radius: blurRadius }, label: labels.backgroundBlur });
  backgrounds.forEach((b, i) => choices.push({ effect: { kind: 'image', url: b.url }, label: b.label ?? labels.backgroundImage(i + 1) }));

  const body = (
    <>
      {showBackground ? (
        <div role="radiogroup" aria-label={labels.effects} aria-busy={background.pending || undefined} className="rk-effects-choices">
          {choices.map(({ effect, label }) => (
            <label key={effect.kind === 'image' ? effect.url : effect.kind} className="rk-effects-choice">
              <input
                type="radio"
                name={name}
                checked={same(background.effect, effect)}
                onChange={() => void background.setEffect(effect).catch(() => undefined)}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      ) : null}
      {showBackground && background.pending ? (
        <p role="status" className="rk-effects-status">
          {labels.effectLoading}
        </p>
      ) : null}
      {showBackground && background.error ? (
        <p role="alert" className="rk-error-text">
          {labels.roomError(background.error.code)}
        </p>
      ) : null}
      {showNoise ? (
        <button
          type="button"
          role="switch"
          aria-checked={noise.enabled}
          disabled={noise.pending}
          className="rk-button rk-noise-filter"
          data-state={noise.enabled ? 'on' : 'off'}
          onClick={() => void noise.setEnabled(!noise.enabled).catch(() => undefined)}
        >
          <span className="rk-button-label">{labels.noiseFilter}</span>
        </button>
      ) : null}
      {showNoise && noise.error ? (
        <p role="alert" className="rk-error-text">
          {labels.roomError(noise.error.code)}
        </p>
      ) : null}
    </>
  );
  const rootProps = {
    className: cx('rk-effects', className),
    'data-state': showBackground ? background.status : undefined,
    'data-pending': flag(background.pending),
  };
  return collapsible ? (
    <details {...rootProps}>
      <summary className="rk-button rk-effects-toggle">
        <EffectsIcon />
        <span className="rk-button-label">{labels.effects}</span>
      </summary>
      <div className="rk-effects-panel">{body}</div>
    </details>
  ) : (
    <div {...rootProps}>{body}</div>
  );
}
