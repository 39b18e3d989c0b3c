import { ConnectionState, DisconnectReason } from 'livekit-client';
import type { HTMLAttributes } from 'react';
import { useRoomStore } from './RoomContext.js';
import { useStoreValue } from './useStoreValue.js';
import { cx } from '../ui/dev.js';
import { useLabels, type CommonLabels, type RoomKitLabels } from '../ui/labels.js';

/** Props of {@link ConnectionStateToast}. */
export interface ConnectionStateToastProps extends HTMLAttributes<HTMLDivElement> {
  labels?: Partial<RoomKitLabels>;
}

/** @internal The connection state, whether a session is live, and what to tell the user about it. */
export interface ConnectionMessage {
  state: ConnectionState;
  /** Connected, or reconnecting a session that was connected: there are people to show. */
  inSession: boolean;
  /** The state in words; undefined while connected, and before anything was tried or went wrong. */
  text: string | undefined;
  /**
   * Disconnected because joining failed (a refused token, a missing room, no media server): trying again may help.
   * Never for `browser-unsupported`: no attempt can succeed in this browser, so no "Try again" is offered.
   */
  failed: boolean;
}

/** @internal The connection state in words, from the labels: never a raw error code or enum name. */
export function useConnectionMessage(labels: CommonLabels, name: string): ConnectionMessage {
  const store = useRoomStore(name);
  const state = useStoreValue(store.subscribe, () => store.getState().connectionState);
  const reason = useStoreValue(store.subscribe, () => store.getState().disconnectReason);
  const error = useStoreValue(store.subscribe, () => store.getState().error);
  const switching = useStoreValue(store.subscribe, () => store.getState().switchingRooms);
  const inSession =
    state === ConnectionState.Connected || state === ConnectionState.Reconnecting || state === ConnectionState.SignalReconnecting;
  let text: string | undefined;
  // Between two rooms of one meeting (a breakout room joined afresh): joining, not an ending.
  const ended = state === ConnectionState.Disconnected && !switching;
  if (state === ConnectionState.Connecting || (switching && !inSession)) text = labels.connecting;
  else if (state === ConnectionState.Reconnecting) text = labels.reconnecting;
  // Only the signalling connection is down: media keeps flowing, so the toast stays a small indicator.
  else if (state === ConnectionState.SignalReconnecting) text = labels.signalReconnecting;
  else if (ended) {
    // A failure of its own (a refused token, a missing room) says more than the reason the last session ended.
    if (error && error.code !== 'disconnected') text = labels.roomError(error.code);
    else if (reason !== undefined && reason !== DisconnectReason.CLIENT_INITIATED) {
      text = labels.disconnectedWithReason(labels.disconnectReason(reason));
    } else if (error) text = labels.roomError(error.code);
    else if (reason !== undefined) text = labels.disconnected;
  }
  const failed = ended && error !== undefined && error.code !== 'disconnected' && error.code !== 'browser-unsupported';
  return { state, inSession, text, failed };
}

/**
 * A status message while connecting, reconnecting, after a disconnect (why, in words) or a failure to join
 * (what went wrong, in words from `labels.roomError`, never the error code). Hidden while connected.
 * While only the signalling connection reconnects (`signalReconnecting`: media still flows, nothing to worry
 * about) it is a small indicator (`labels.signalReconnecting`), never the "Connection lost" banner of a media
 * reconnect. `data-state` carries the connection state.
 */
export function ConnectionStateToast({ labels: overrides, className, ...rest }: ConnectionStateToastProps) {
  const labels = useLabels(overrides);
  const { state, text } = useConnectionMessage(labels, 'ConnectionStateToast');
  return (
    <div role="status" {...rest} className={cx('rk-toast', className)} data-state={state} hidden={!text}>
      {text}
    </div>
  );
}
