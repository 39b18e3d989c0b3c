/**
 * The face of `people/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { ParticipantAdminMenu } from './ParticipantAdminMenu.js';
export { AdminActionsContext, splitAdminActions, useAdminActions, type AdminActions } from './AdminActions.js';
export { ParticipantList } from './ParticipantList.js';
export { WaitingQueue } from './WaitingQueue.js';
export { useWaitingConnection } from './useWaitingConnection.js';
export { listedIdentities } from './listedParticipants.js';
export { useParticipantList } from './useParticipantList.js';
export { defaultPeopleLabels, defaultWaitingLabels, type PeopleLabels } from './peopleLabels.js';
