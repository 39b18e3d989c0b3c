import { useState } from 'react';
import { DEV, devWarn } from '../ui/dev.js';
import { parseRecordingParams, type RecordingParams } from './recordingParams.js';

/**
 * The `url`, `token` and `layout` a recorder put in this page's address (`window.location.search`), read once, on
 * the first render: LiveKit Egress appends them to a room-composite template's URL. Throws a `missing-connection`
 * RoomKitError (its message says what to add) when `url` or `token` is missing. An unknown `layout` shows the grid,
 * with a development warning naming the layouts there are. A browser-only hook: recording pages render on the client.
 *
 * @example
 * ```tsx
 * const { url, token, layout } = useRecordingParams();
 * ```
 */
export function useRecordingParams(): RecordingParams {
  const [params] = useState(() => readRecordingParams());
  return params;
}

/**
 * @internal The page address's recording parameters (throws as {@link useRecordingParams} does), with the development
 * warning about an unknown layout unless `warnUnknownLayout` is false (a layout given as a prop replaces it).
 */
export function readRecordingParams(warnUnknownLayout = true): RecordingParams {
  const parsed = parseRecordingParams(typeof window === 'undefined' ? '' : window.location.search);
  if (warnUnknownLayout && parsed.unknownLayout !== undefined) {
    if (DEV) devWarn(`Unknown recording layout "${parsed.unknownLayout}": showing "grid". Layouts: grid, speaker (LiveKit's single-speaker shows as speaker; -light / -dark suffixes are ignored).`);
  }
  return parsed;
}
