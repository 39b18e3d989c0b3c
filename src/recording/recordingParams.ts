import { RoomKitError } from '../room/RoomKitError.js';

/** The layouts a recording template shows. A screen share takes the stage in either. */
export type RecordingLayout = 'grid' | 'speaker';

/** What a recorder passes to a template page in its address (LiveKit Egress: `url`, `token`, `layout`). */
export interface RecordingParams {
  /** The media server (`wss://…`). */
  url: string;
  /** The recorder's access token (hidden, `recorder`, may subscribe). */
  token: string;
  /** The layout to show. */
  layout: RecordingLayout;
  /** The `layout` value as given, when it named no known layout (the template then shows the grid). */
  unknownLayout?: string;
}

/**
 * The layout a `layout` value names. LiveKit Egress's names are accepted: `grid`, `speaker`, `single-speaker`
 * (shown as `speaker`), each with an optional `-light` / `-dark` suffix (ignored: style the page with CSS). An
 * empty value is `grid`; anything else is `undefined`.
 */
export function toRecordingLayout(value: string | null | undefined): RecordingLayout | undefined {
  const base = (value ?? '').trim().toLowerCase().replace(/-(light|dark)$/, '');
  if (base === '' || base === 'grid') return 'grid';
  if (base === 'speaker' || base === 'single-speaker') return 'speaker';
  return undefined;
}

/**
 * Reads `url`, `token` and `layout` from a page address's query (`location.search`), as LiveKit Egress appends them
 * to a room-composite template's URL. Throws a `missing-connection` {@link RoomKitError} when `url` or `token` is
 * missing. An unknown `layout` does not throw: it falls back to `grid` and is kept in `unknownLayout`.
 */
export function parseRecordingParams(search: string): RecordingParams {
  const query = new URLSearchParams(search);
  const url = query.get('url') ?? '';
  const token = query.get('token') ?? '';
  const missing = [url ? '' : 'url', token ? '' : 'token'].filter(Boolean);
  if (missing.length) {
    throw new RoomKitError(
      'missing-connection',
      `The recording page's address has no ${missing.join(' and ')}. A recorder opens it as ` +
        '`…?url=wss://your-media-server&token=<recorder token>&layout=grid` (LiveKit Egress does this for a room ' +
        'composite with a custom base URL); to open it yourself, add those query parameters.',
      { details: { missing } },
    );
  }
  const given = query.get('layout');
  const layout = toRecordingLayout(given);
  return layout ? { url, token, layout } : { url, token, layout: 'grid', unknownLayout: given ?? '' };
}

/**
 * The layout a recorder asks for while recording: LiveKit Egress's `UpdateLayout` puts `{"layout": "…"}` in the
 * recorder's own participant metadata. `undefined` when the metadata names none (or no known one).
 */
export function layoutFromMetadata(metadata: string | undefined): RecordingLayout | undefined {
  if (!metadata) return undefined;
  try {
    const parsed: unknown = JSON.parse(metadata);
    if (parsed && typeof parsed === 'object' && 'layout' in parsed && typeof parsed.layout === 'string' && parsed.layout) {
      return toRecordingLayout(parsed.layout);
    }
  } catch {
    // Not JSON: not a layout.
  }
  return undefined;
}
