import {
  DisconnectReason,
  EgressInfo,
  EgressSourceType,
  EgressStatus,
  ParticipantPermission,
  type RoomCompositeEgressRequest,
} from '@livekit/protocol';
import type { Page } from 'playwright-core';
import { TemplateBrowser, type TemplateEvents } from './egressBrowser';
import { newId } from './ids';
import type { Logger } from './log';
import type { Participant } from './participant';
import type { RoomRegistry } from './rooms';
import { roomNotFound } from './roomService';
import { TwirpError } from './twirp';

/** How the dev egress reaches the room and the browser. */
export interface DevEgressOptions {
  /** The Chromium that opens template pages, or undefined: a server-side recorder stands in. */
  chromium: string | undefined;
  /** The address a template page connects to (the server's `ws://` URL). */
  wsUrl(): string;
  /** A hidden recorder's connection token for `room`, with `identity` the egress id (as Egress's `BuildEgressToken`). */
  recorderToken(identity: string, room: string): string;
  /** Hears of each template page as it opens (tests read its DOM). */
  onTemplatePage?: ((egressId: string, page: Page) => void) | undefined;
  logger: Logger;
}

interface Egress {
  readonly info: EgressInfo;
  /** The template page, once open. */
  page?: { close(): Promise<void> };
  /** The server-side recorder participant, when no page records. */
  recorder?: Participant;
  /** Set once the egress is ending: the page closes or the recorder leaves, then the status is final. */
  ending?: Promise<void>;
}

const { EGRESS_STARTING: STARTING, EGRESS_ACTIVE: ACTIVE, EGRESS_ENDING: ENDING, EGRESS_COMPLETE: COMPLETE, EGRESS_FAILED: FAILED } = EgressStatus;
const nowNs = () => BigInt(Date.now()) * 1_000_000n;

const NO_BASE_URL =
  'RoomKit dev egress: no customBaseUrl, so no template page (LiveKit would open its default template); a hidden ' +
  'server-side recorder participant stands in: the room records (activeRecording), nothing is written';
const NO_BROWSER =
  'RoomKit dev egress: no Chromium, so the customBaseUrl page was not opened; a hidden server-side recorder ' +
  'participant stands in: the room records (activeRecording), nothing is written';

/**
 * The template address as Egress builds it (pkg/pipeline/source/web.go): `custom_base_url` with `layout`, `url`
 * (the media server) and `token` (the hidden recorder's) set in its query, the query encoded in key order as Go's
 * `url.Values.Encode` does.
 */
export function templateUrl(baseUrl: string, layout: string, wsUrl: string, token: string): string {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new TwirpError('invalid_argument', 'invalid input: template base url');
  url.searchParams.set('layout', layout);
  url.searchParams.set('url', wsUrl);
  url.searchParams.set('token', token);
  url.searchParams.sort();
  return url.toString();
}

/**
 * The dev media server's egress: room composites only, and no file. With a `customBaseUrl` and Chromium it opens the
 * template page as LiveKit Egress does (a hidden recorder's token in the address) and follows its console: ACTIVE
 * on `START_RECORDING`, ENDING then COMPLETE on `END_RECORDING` or StopEgress (the page closes, its recorder
 * leaves). Otherwise a hidden recorder participant joins on the server side (ACTIVE once it has joined) and leaves
 * on stop, with `details` saying so. Either way the recorder's presence is the room's `activeRecording`.
 */
export class DevEgress {
  private readonly egresses = new Map<string, Egress>();
  private readonly rooms: RoomRegistry;
  private readonly options: DevEgressOptions;
  private browser: TemplateBrowser | undefined;

  constructor(rooms: RoomRegistry, options: DevEgressOptions) {
    this.rooms = rooms;
    this.options = options;
  }

  /** StartRoomCompositeEgress: answers the egress in EGRESS_STARTING. */
  start(request: RoomCompositeEgressRequest): EgressInfo {
    const room = this.rooms.existingRoom(request.roomName);
    if (!room) throw roomNotFound();
    const egressId = newId('EG');
    const info = new EgressInfo({
      egressId,
      roomId: room.sid,
      roomName: room.name,
      sourceType: EgressSourceType.WEB,
      status: STARTING,
      updatedAt: nowNs(),
      request: { case: 'roomComposite', value: request.clone() },
    });
    const egress: Egress = { info };
    if (request.customBaseUrl !== '' && this.options.chromium) {
      const url = templateUrl(request.customBaseUrl, request.layout, this.options.wsUrl(), this.options.recorderToken(egressId, room.name));
      this.egresses.set(egressId, egress);
      this.openTemplate(egress, url, this.options.chromium);
    } else {
      info.details = request.customBaseUrl === '' ? NO_BASE_URL : NO_BROWSER;
      this.egresses.set(egressId, egress);
      // after the answer, as an egress joins after StartEgress returns
      setImmediate(() => this.joinRecorder(egress));
    }
    this.options.logger.info(`egress ${egressId} starting in ${room.name}${info.details ? ' (server-side recorder)' : ''}`);
    return info.clone();
  }

  /** StopEgress: answers EGRESS_ENDING; COMPLETE follows once the page has closed or the recorder has left. */
  stop(egressId: string): EgressInfo {
    const egress = this.find(egressId);
    const status = egress.info.status;
    if (status !== STARTING && status !== ACTIVE) {
      throw new TwirpError('failed_precondition', `egress with status ${EgressStatus[status]} cannot be stopped`);
    }
    void this.end(egress);
    return egress.info.clone();
  }

  /** ListEgress: one egress by id, else those of `roomName` (all rooms when empty), only running ones when `active`. */
  list(filter: { egressId: string; roomName: string; active: boolean }): EgressInfo[] {
    if (filter.egressId !== '') return [this.find(filter.egressId).info.clone()];
    return [...this.egresses.values()]
      .map((egress) => this.refresh(egress).info)
      .filter((info) => (filter.roomName === '' || info.roomName === filter.roomName) && (!filter.active || info.status < COMPLETE))
      .map((info) => info.clone());
  }

  /** The egress of that id, its status brought up to date, or not_found. */
  find(egressId: string): Egress {
    const egress = this.egresses.get(egressId);
    if (!egress) throw new TwirpError('not_found', 'egress does not exist');
    return this.refresh(egress);
  }

  /** Forgets every egress, closing their pages (the server dropped its state). */
  async reset(): Promise<void> {
    const egresses = [...this.egresses.values()];
    this.egresses.clear();
    await Promise.all(egresses.map((egress) => egress.page?.close()));
  }

  /** {@link reset}, and closes the browser. */
  async close(): Promise<void> {
    await this.reset();
    await this.browser?.close();
    this.browser = undefined;
  }

  private openTemplate(egress: Egress, url: string, chromium: string): void {
    const events: TemplateEvents = {
      started: () => this.activate(egress),
      ended: () => void this.end(egress),
      failed: (message) => void this.end(egress, message),
    };
    this.browser ??= new TemplateBrowser(chromium, this.options.logger);
    const onPage = this.options.onTemplatePage && ((page: Page) => this.options.onTemplatePage?.(egress.info.egressId, page));
    this.browser.open(url, events, onPage).then(
      (page) => {
        egress.page = page;
        // stopped while the page was opening
        if (egress.info.status >= ENDING) void page.close();
      },
      (error: unknown) => void this.end(egress, `chrome failed to start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`),
    );
  }

  private joinRecorder(egress: Egress): void {
    if (egress.info.status !== STARTING) return;
    const room = this.rooms.existingRoom(egress.info.roomName);
    if (!room) {
      void this.end(egress, 'the room closed before the recorder joined');
      return;
    }
    egress.recorder = room.joinSynthetic({
      identity: egress.info.egressId,
      name: '',
      kind: 'egress',
      metadata: '',
      attributes: {},
      // Egress's recorder grant; it receives no media here (a server-side stand-in has no peer to receive with)
      permission: new ParticipantPermission({ hidden: true, recorder: true, canSubscribe: false, canPublish: false, canPublishData: false }),
      autoSubscribe: false,
      clientProtocol: 0,
    });
    this.activate(egress);
  }

  private activate(egress: Egress): void {
    if (egress.info.status !== STARTING) return;
    egress.info.status = ACTIVE;
    egress.info.startedAt = nowNs();
    egress.info.updatedAt = egress.info.startedAt;
    this.options.logger.info(`egress ${egress.info.egressId} active`);
  }

  /** A server-side recorder removed by someone else (RemoveParticipant, DeleteRoom) ended its egress. */
  private refresh(egress: Egress): Egress {
    if (egress.recorder?.isClosed && egress.info.status === ACTIVE) this.finish(egress, COMPLETE);
    return egress;
  }

  /** Ends an egress: ENDING, then the page closes or the recorder leaves, then COMPLETE (FAILED with `failure`). */
  private end(egress: Egress, failure?: string): Promise<void> {
    if (egress.info.status >= COMPLETE) return Promise.resolve();
    if (failure === undefined && egress.info.status !== ENDING) {
      egress.info.status = ENDING;
      egress.info.updatedAt = nowNs();
    }
    egress.ending ??= (async () => {
      await egress.page?.close();
      const recorder = egress.recorder;
      if (recorder && !recorder.isClosed) {
        this.rooms.existingRoom(egress.info.roomName)?.removeParticipant(recorder, DisconnectReason.CLIENT_INITIATED, { sendLeave: false });
      }
    })();
    return egress.ending.then(() => this.finish(egress, failure === undefined ? COMPLETE : FAILED, failure));
  }

  private finish(egress: Egress, status: EgressStatus, error?: string): void {
    if (egress.info.status >= COMPLETE) return;
    egress.info.status = status;
    egress.info.endedAt = nowNs();
    egress.info.updatedAt = egress.info.endedAt;
    if (error !== undefined) egress.info.error = error;
    this.options.logger.info(`egress ${egress.info.egressId} ${EgressStatus[status]}${error ? `: ${error}` : ''}`);
  }
}
