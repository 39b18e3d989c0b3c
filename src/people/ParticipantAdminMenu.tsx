import { Track } from 'livekit-client';
import { useContext, useState } from 'react';
import { useCan } from '../room/hooks/useCan.js';
import { useIsHandRaised, useLowerHand, defaultHandsLabels } from '../hands/index.js';
import { useParticipant } from '../room/hooks/useParticipant.js';
import { cx, DEV, devWarn, flag } from '../ui/dev.js';
import { MoreIcon } from '../ui/icons.js';
import { useLabels, type RoomKitLabels } from '../ui/labels.js';
import { displayName } from '../room/displayName.js';
import { useMenu } from '../ui/useMenu.js';
import { defaultPeopleLabels } from './peopleLabels.js';
import { SPOTLIGHT_ATTRIBUTE } from '../room/hooks/useSpotlight.js';
import { addTileFeature } from '../ui/tileFeatures.js';
import { AdminActionsContext, type AdminActions } from './AdminActions.js';

/** This file's English defaults besides the common ones. */
const DEFAULTS = { ...defaultHandsLabels, ...defaultPeopleLabels };

export type { AdminActions } from './AdminActions.js';

/** Props of {@link ParticipantAdminMenu}. */
export interface ParticipantAdminMenuProps extends AdminActions {
  /** The remote participant to administer. */
  identity: string;
  labels?: Partial<RoomKitLabels> | undefined;
  className?: string;
}

type Action = 'mute' | 'remove' | 'permissions' | 'lower-hand' | 'spotlight';

/**
 * A menu button with mute, lower-hand (while a hand is up), spotlight, remove and change-permissions actions for one
 * participant (the spotlight's for yourself too). It exists only
 * for sessions with `roomAdmin`. Keyboard: Enter, Space or ArrowDown open it; arrows, Home and End move;
 * Escape closes it and returns focus; `data-pending` marks the running action.
 */
export function ParticipantAdminMenu({ identity, labels: overrides, className, ...actions }: ParticipantAdminMenuProps) {
  const labels = useLabels(overrides, DEFAULTS);
  const isAdmin = useCan('roomAdmin');
  const participant = useParticipant(identity);
  const handRaised = useIsHandRaised(identity);
  const hands = useLowerHand();
  const fromContext = useContext(AdminActionsContext);
  const { onMuteParticipant, onRemoveParticipant, onUpdatePermissions, onLowerHand, onSpotlight } = { ...fromContext, ...actions };
  const [pending, setPending] = useState<Action | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const { open, close, openAt, onTriggerKey, onPanelKey, triggerProps, panelProps } = useMenu('[role="menuitem"]');

  if (!isAdmin) {
    if (DEV && Object.keys(actions).length > 0) devWarn('<ParticipantAdminMenu> is not rendered: this session lacks the roomAdmin grant.');
    return null;
  }
  if (!participant || (participant.isLocal && !onSpotlight)) return null;

  const mic = participant.tracks.find((t) => t.source === Track.Source.Microphone);
  const lit = !!participant.attributes[SPOTLIGHT_ATTRIBUTE];
  const remote = !participant.isLocal;
  type Item = { action: Action; label: string; run: () => Promise<unknown> };
  const items = ([
    remote && onMuteParticipant && mic && !mic.muted && { action: 'mute', label: labels.muteParticipant, run: () => onMuteParticipant(identity, mic.sid) },
    onSpotlight && { action: 'spotlight', label: lit ? labels.endSpotlight : labels.spotlight, run: () => onSpotlight(identity, !lit) },
    remote && onUpdatePermissions && {
      action: 'permissions',
      label: participant.canPublish ? labels.revokePublishing : labels.allowPublishing,
      run: () => onUpdatePermissions(identity, { canPublish: !participant.canPublish }),
    },
    remote && handRaised && (onLowerHand || hands.allowed) && { action: 'lower-hand', label: labels.lowerHand, run: () => (onLowerHand ?? hands.lowerHand)(identity) },
    remote && onRemoveParticipant && { action: 'remove', label: labels.removeParticipant, run: () => onRemoveParticipant(identity) },
  ] satisfies Array<Item | false | undefined>).filter((item) => !!item);
  if (items.length === 0) return null;

  const run = async (item: Item) => {
    close(true);
    setPending(item.action);
    setFailure(undefined);
    try {
      await item.run();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(undefined);
    }
  };

  const name = displayName(participant);
  return (
    <span className={cx('rk-admin-menu', className)} data-pending={pending}>
      <button
        {...triggerProps}
        className="rk-button rk-icon-button"
        aria-label={labels.adminMenu(name)}
        aria-haspopup="menu"
        aria-busy={pending ? true : undefined}
        onClick={() => (open ? close() : openAt(0))}
        onKeyDown={onTriggerKey}
      >
        <MoreIcon />
      </button>
      {open ? (
        <div {...panelProps} role="menu" aria-label={labels.adminMenu(name)} className="rk-menu" onKeyDown={(event) => (event.key === 'Tab' ? close() : onPanelKey(event))}>
          {items.map((item) => (
            <button
              key={item.action}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="rk-menu-item"
              data-action={item.action}
              onClick={() => void run(item)}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
      {pending ? (
        <span role="status" className="rk-admin-status" data-pending={flag(true)}>
          {labels.working}
        </span>
      ) : null}
      {failure ? (
        <span role="alert" className="rk-error-text">
          {labels.adminActionFailed(failure)}
        </span>
      ) : null}
    </span>
  );
}

// The host's tools in use: the layouts' default tiles carry the menu (shown to `roomAdmin` sessions only).
addTileFeature({ name: 'admin-menu', order: 30, Action: ParticipantAdminMenu });
