/**
 * The package's English defaults in one object, for translators and tests: the common strings and those of every
 * feature the root entry exports. Each feature keeps its own defaults beside its code and its components merge only
 * those, so an app ships the strings of what it renders; importing `defaultLabels` ships them all.
 */
import { defaultBreakoutLabels } from './breakouts/index.js';
import { defaultCaptionsLabels } from './captions/index.js';
import { defaultChatLabels } from './chat/index.js';
import { defaultEncryptionLabels } from './e2ee/index.js';
import { defaultHandsLabels } from './hands/index.js';
import { defaultLayoutLabels } from './layouts/index.js';
import { defaultEffectsLabels } from './media/effects/effectsLabels.js';
import { defaultPreJoinLabels } from './meeting/preJoinLabels.js';
import { defaultNotificationLabels } from './notifications/index.js';
import { defaultPeopleLabels } from './people/index.js';
import { defaultPictureInPictureLabels } from './picture-in-picture/index.js';
import { defaultRecordingControlLabels } from './recording-control/index.js';
import { defaultShortcutsLabels } from './shortcuts/index.js';
import { defaultAgentStateLabels, defaultTileLabels } from './tile/index.js';
import { defaultCommonLabels, type RoomKitLabels } from './ui/labels.js';

/** English defaults of every string the root entry's components show (the room kinds' own ship with their entries). */
export const defaultLabels: RoomKitLabels = {
  ...defaultCommonLabels,
  ...defaultChatLabels,
  ...defaultCaptionsLabels,
  ...defaultEncryptionLabels,
  ...defaultHandsLabels,
  ...defaultPeopleLabels,
  ...defaultLayoutLabels,
  ...defaultNotificationLabels,
  ...defaultRecordingControlLabels,
  ...defaultPictureInPictureLabels,
  ...defaultEffectsLabels,
  ...defaultPreJoinLabels,
  ...defaultTileLabels,
  ...defaultAgentStateLabels,
  ...defaultShortcutsLabels,
  ...defaultBreakoutLabels,
};
