import { ConnectionState, DisconnectReason } from 'livekit-client';
import type { HTMLAttributes } from 'react';
import { useRoomStore } from '../hooks/RoomContext.js';
import { useStoreValue } from '../hooks/useStoreValue.js';
import { cx } from './dev.js';
import { useLabels, type RoomKitLabels } from './labels.js';

/** Props of {@link ConnectionStateToast}. */
export interface ConnectionStateToastProps extends HTMLAttributes<HTMLDivElement> {
  labels?: Partial<RoomKitLabels>;
}

const reasonText = (reason: DisconnectReason) => (DisconnectReason[reason] ?? String(reason)).toLowerCase().replace(/_/g, ' ');

/**
 * A status message while connecting, reconnecting, or after a disconnect (with its reason). Hidden while
 * connected. `data-state` carries the connection state.
 */
export function ConnectionStateToast({ labels: overrides, className, ...rest }: ConnectionStateToastProps) {
  const labels = useLabels(overrides);
  const store = useRoomStore('ConnectionStateToast');
  const state = useStoreValue(store.subscribe, () => store.getState().connectionState);
  const reason = useStoreValue(store.subscribe, () => store.getState().disconnectReason);
  const error = useStoreValue(store.subscribe, () => store.getState().error);
  let text: string | undefined;
  if (state === ConnectionState.Connecting) text = labels.connecting;
  else if (state === ConnectionState.Reconnecting || state === ConnectionState.SignalReconnecting) text = labels.reconnecting;
  else if (state === ConnectionState.Disconnected && (reason !== undefined || error)) {
    text =
      reason !== undefined && reason !== DisconnectReason.CLIENT_INITIATED
        ? labels.disconnectedWithReason(reasonText(reason))
        : error
          ? labels.disconnectedWithReason(error.code)
          : labels.disconnected;
  }
  return (
    <div role="status" {...rest} className={cx('rk-toast', className)} data-state={state} hidden={!text}>
      {text}
    </div>
  );
}
