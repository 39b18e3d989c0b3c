import {
  Pong,
  RequestResponse,
  RequestResponse_Reason,
  protoInt64,
  type PublishDataTrackRequest,
  type SignalRequest,
  type UpdateParticipantMetadata,
} from '@livekit/protocol';
import type { Logger } from './log';
import type { Participant } from './participant';

/** LiveKit's default `limit.max_metadata_size` (bytes of a participant's metadata). */
export const MAX_METADATA_BYTES = 64_000;
/** LiveKit's default `limit.max_attributes_size` (bytes of the keys and values of one attributes update). */
export const MAX_ATTRIBUTES_BYTES = 64_000;

/**
 * A participant updates its own name, metadata or attributes: refused with NOT_ALLOWED without the
 * `canUpdateOwnMetadata` grant, and with LIMIT_EXCEEDED past LiveKit's default size limits, as LiveKit answers.
 */
function updateMetadata(participant: Participant, request: UpdateParticipantMetadata): void {
  const respond = (reason: RequestResponse_Reason, message = '') =>
    participant.send({
      case: 'requestResponse',
      value: new RequestResponse({
        requestId: request.requestId,
        reason,
        message,
        request: { case: 'updateMetadata', value: request },
      }),
    });
  if (!participant.permission.canUpdateMetadata) {
    respond(RequestResponse_Reason.NOT_ALLOWED, 'does not have permission to update own metadata');
    return;
  }
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  if (bytes(request.metadata) > MAX_METADATA_BYTES) {
    respond(RequestResponse_Reason.LIMIT_EXCEEDED, `metadata of ${bytes(request.metadata)} bytes exceeds the limit of ${MAX_METADATA_BYTES}`);
    return;
  }
  const attributeBytes = Object.entries(request.attributes).reduce((n, [key, value]) => n + bytes(key) + bytes(value), 0);
  if (attributeBytes > MAX_ATTRIBUTES_BYTES) {
    respond(RequestResponse_Reason.LIMIT_EXCEEDED, `attributes of ${attributeBytes} bytes exceed the limit of ${MAX_ATTRIBUTES_BYTES}`);
    return;
  }
  participant.applyMetadata({ name: request.name, metadata: request.metadata, attributes: request.attributes });
  respond(RequestResponse_Reason.OK);
}

function refuseDataTrack(participant: Participant, request: PublishDataTrackRequest): void {
  participant.send({
    case: 'requestResponse',
    value: new RequestResponse({
      reason: RequestResponse_Reason.UNSUPPORTED_TYPE,
      message: 'data tracks are not supported by the RoomKit dev media server',
      request: { case: 'publishDataTrack', value: request },
    }),
  });
}

/** Acts on one signalling message from a participant's client; any message counts as a sign of life. */
export function handleSignalRequest(participant: Participant, request: SignalRequest, logger: Logger): void {
  participant.lastSignalAt = Date.now();
  const message = request.message;
  switch (message.case) {
    case 'offer':
      participant.acceptOffer(message.value);
      return;
    case 'trickle':
      void participant.peer.addRemoteCandidate(message.value);
      return;
    case 'addTrack':
      participant.addTrack(message.value);
      return;
    case 'mute':
      participant.setTrackMuted(message.value);
      return;
    case 'subscription':
      participant.peer.updateSubscription(message.value);
      return;
    case 'trackSetting':
      participant.peer.updateTrackSettings(message.value);
      return;
    case 'updateMetadata':
      updateMetadata(participant, message.value);
      return;
    case 'leave':
      participant.leave();
      return;
    case 'ping':
      participant.send({ case: 'pong', value: protoInt64.parse(Date.now()) });
      return;
    case 'pingReq':
      participant.send({
        case: 'pongResp',
        value: new Pong({ lastPingTimestamp: message.value.timestamp, timestamp: protoInt64.parse(Date.now()) }),
      });
      return;
    case 'publishDataTrackRequest':
      refuseDataTrack(participant, message.value);
      return;
    case 'answer':
      logger.warn(`${participant.identity} sent an answer; the server never offers on /rtc/v1`);
      return;
    default:
      // updateLayers, subscriptionPermission, syncState, simulate, updateAudioTrack, …: not needed
      logger.debug(`${participant.identity}: ignoring ${message.case ?? 'empty'} request`);
  }
}
