import { useId, type SelectHTMLAttributes } from 'react';
import type { MediaDeviceKindName } from './deviceStore.js';
import { deviceField, rememberChoices } from './userChoices.js';
import { useRoomStore } from '../../room/RoomContext.js';
import { useCan } from '../../room/hooks/useCan.js';
import { useMediaDevices } from './useMediaDevices.js';
import { cx, DEV, devWarn } from '../../ui/dev.js';
import { useLabels, type RoomKitLabels } from '../../ui/labels.js';
import { useSupport } from '../../room/hooks/useBrowserSupport.js';
import { detectSpeakerSelection } from '../../room/browserSupport.js';

/** Props of {@link MediaDeviceSelect}. */
export interface MediaDeviceSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  /** audioinput (microphones), videoinput (cameras) or audiooutput (speakers). */
  kind: MediaDeviceKindName;
  /** Called after the active device changed. */
  onDeviceChange?: (deviceId: string) => void;
  labels?: Partial<RoomKitLabels>;
}

/**
 * A labelled native `<select>` of the devices of one kind that switches the room's active device. Microphone
 * and camera selects are absent where the grants forbid publishing them; the speaker select needs
 * `canSubscribe` and a browser that can choose the audio output (`setSinkId`; not Safari or Firefox without it),
 * and applies to every remote audio element, those attached later included.
 *
 * The chosen device is remembered ({@link useUserChoices}) unless RoomProvider's `rememberChoices` is false or the
 * session is a hidden observer. When the remembered device is not connected, the select says so (a polite status:
 * "Your saved camera is not connected; using the default camera").
 */
export function MediaDeviceSelect({ kind, onDeviceChange, labels: overrides, className, id, ...rest }: MediaDeviceSelectProps) {
  const labels = useLabels(overrides);
  const generated = useId();
  const selectId = id ?? `rk-device-${generated}`;
  const allowed = useCan(kind === 'audiooutput' ? 'canSubscribe' : 'canPublish', {
    ...(kind === 'audioinput' ? { source: 'microphone' as const } : kind === 'videoinput' ? { source: 'camera' as const } : {}),
  });
  const store = useRoomStore('MediaDeviceSelect');
  const { devices, activeDeviceId, setActiveDevice, usingFallback } = useMediaDevices(kind);
  // Known in the browser only: the server and the hydrating render show no speaker select, then it appears.
  const canChooseOutput = useSupport('speakerSelection', detectSpeakerSelection) === 'yes';
  if (!allowed) {
    if (DEV) devWarn(`<MediaDeviceSelect kind="${kind}"> is not rendered: this session's grants do not allow it.`);
    return null;
  }
  // Speaker choice needs setSinkId (`speakerSelection`); where the browser lacks it, the system's output is the only one.
  if (kind === 'audiooutput' && !canChooseOutput) return null;
  const name = kind === 'audioinput' ? labels.microphone : kind === 'videoinput' ? labels.camera : labels.speaker;
  const device = kind === 'audioinput' ? 'microphone' : kind === 'videoinput' ? 'camera' : 'speaker';
  return (
    <span className={cx('rk-device-select', className)} data-kind={kind}>
      <label className="rk-visually-hidden" htmlFor={selectId}>
        {labels.selectDevice(name)}
      </label>
      <select
        {...rest}
        id={selectId}
        className="rk-select"
        value={devices.some((d) => d.deviceId === activeDeviceId) ? activeDeviceId : (devices[0]?.deviceId ?? '')}
        disabled={rest.disabled || devices.length === 0}
        onChange={(event) => {
          const deviceId = event.target.value;
          setActiveDevice(deviceId).then(
            () => {
              rememberChoices(store.room, { [deviceField(kind)]: deviceId });
              onDeviceChange?.(deviceId);
            },
            () => {
              /* the browser refused that device: the select stays on the active one */
            },
          );
        }}
      >
        {devices.length === 0 ? <option value="">{labels.noDevices}</option> : null}
        {devices.map((device, i) => (
          <option key={device.deviceId || i} value={device.deviceId}>
            {device.label || `${name} ${i + 1}`}
          </option>
        ))}
      </select>
      {usingFallback ? (
        <span role="status" className="rk-device-notice">
          {labels.savedDeviceMissing(device)}
        </span>
      ) : null}
    </span>
  );
}
