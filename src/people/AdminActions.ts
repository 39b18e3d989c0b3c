import { createContext, useMemo } from 'react';

/**
 * Room administration is a server operation: your app performs it (through your backend and the Room API)
 * in these callbacks. RoomKit shows their pending and failed states.
 */
export interface AdminActions {
  /** Mutes the participant's track (the microphone unless given). */
  onMuteParticipant?: (identity: string, trackSid: string | undefined) => Promise<unknown>;
  /** Removes the participant from the room. */
  onRemoveParticipant?: (identity: string) => Promise<unknown>;
  /** Changes the participant's permissions. */
  onUpdatePermissions?: (identity: string, permissions: { canPublish: boolean }) => Promise<unknown>;
  /**
   * Lowers the participant's raised hand on your server (which sends their client a `lower-request`). Without it,
   * this session sends the request itself, which needs `canPublishData` too.
   */
  onLowerHand?: (identity: string) => Promise<unknown>;
  /**
   * Puts the participant in the room's spotlight for everyone (`on`), or takes them out, on your server (the
   * `roomkit.spotlight` attribute, `SPOTLIGHT_ATTRIBUTE`). `VideoConference` and `ParticipantList` only.
   */
  onSpotlight?: (identity: string, on: boolean) => Promise<unknown>;
  /** Lets the participant in from the waiting room, on your server (the room actions route's `admit`). `ParticipantList` only. */
  onAdmit?: (identity: string) => Promise<unknown>;
  /** Lets everyone waiting in, on your server (`admit-all`). `ParticipantList` only. */
  onAdmitAll?: () => Promise<unknown>;
  /** Turns the participant away from the waiting room, on your server (`deny`). `ParticipantList` only. */
  onDeny?: (identity: string) => Promise<unknown>;
}

/** @internal Admin actions provided once (by VideoConference) for every tile. */
export const AdminActionsContext = createContext<AdminActions>({});

/** @internal The names of {@link AdminActions}' callbacks. */
const ADMIN_ACTIONS = ['onMuteParticipant', 'onRemoveParticipant', 'onUpdatePermissions', 'onLowerHand', 'onSpotlight', 'onAdmit', 'onAdmitAll', 'onDeny'] as const;

/**
 * @internal The admin actions a component was given as props, each over its fallback's (the room actions' binding,
 * or the actions of a component around it). Holds its identity while the callbacks and the fallback do.
 */
export function useAdminActions(props: AdminActions, fallback: AdminActions | undefined): AdminActions {
  const given = ADMIN_ACTIONS.map((name) => props[name]);
  return useMemo(
    () => Object.fromEntries(ADMIN_ACTIONS.map((name, i) => [name, given[i] ?? fallback?.[name]])),
    // One dependency per callback (a fixed list), and the fallback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [...given, fallback],
  );
}

/**
 * @internal A component's props split in two: its admin actions (for {@link useAdminActions}) and the rest, which
 * holds none of them (so they never reach the DOM through a spread).
 */
export function splitAdminActions<P extends AdminActions>(props: P): [AdminActions, Omit<P, keyof AdminActions>] {
  const admin: AdminActions = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    if ((ADMIN_ACTIONS as readonly string[]).includes(name)) (admin as Record<string, unknown>)[name] = value;
    else rest[name] = value;
  }
  return [admin, rest as Omit<P, keyof AdminActions>];
}

/** @internal Whether any admin action was given as a prop. */
export const anyAdminAction = (props: AdminActions): boolean => ADMIN_ACTIONS.some((name) => props[name]);
