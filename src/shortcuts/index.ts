/**
 * The face of `shortcuts/` to the other features: the only module they may import from it (dependency-cruiser,
 * .dependency-cruiser.cjs). The public API is the package entry's, not this.
 */
export { MeetingShortcutsDialog } from './MeetingShortcutsDialog.js';
export { useMeetingShortcuts } from './useMeetingShortcuts.js';
export type { MeetingShortcuts } from './meetingShortcuts.js';
export { defaultShortcutsLabels, type ShortcutsLabels } from './shortcutsLabels.js';
