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
