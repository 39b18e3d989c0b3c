import { gunzipSync, gzipSync } from 'node:zlib';
import {
  JoinRequest,
  SignalRequest,
  SignalResponse,
  WrappedJoinRequest,
  WrappedJoinRequest_Compression,
} from '@livekit/protocol';

/** One server-to-client signalling message, as the `message` oneof of a SignalResponse. */
export type ResponseMessage = SignalResponse['message'];

/** One client-to-server signalling message, as the `message` oneof of a SignalRequest. */
export type RequestMessage = SignalRequest['message'];

/**
 * Decodes the `join_request` query parameter of `/rtc/v1`: base64 (either alphabet) of a WrappedJoinRequest
 * whose `joinRequest` bytes may be gzip-compressed.
 *
 * @throws {Error} when the parameter is not a valid request.
 */
export function decodeJoinRequest(parameter: string): JoinRequest {
  const wrapped = WrappedJoinRequest.fromBinary(new Uint8Array(Buffer.from(parameter, 'base64')));
  const bytes =
    wrapped.compression === WrappedJoinRequest_Compression.GZIP
      ? new Uint8Array(gunzipSync(wrapped.joinRequest))
      : wrapped.joinRequest;
  return JoinRequest.fromBinary(bytes);
}

/** Encodes a JoinRequest the way livekit-client does (gzip, then base64url), for test clients. */
export function encodeJoinRequest(request: JoinRequest): string {
  const wrapped = new WrappedJoinRequest({
    joinRequest: new Uint8Array(gzipSync(request.toBinary())),
    compression: WrappedJoinRequest_Compression.GZIP,
  });
  return Buffer.from(wrapped.toBinary()).toString('base64url');
}

export function encodeResponse(message: ResponseMessage): Uint8Array {
  return new SignalResponse({ message }).toBinary();
}

/** Decodes a client message sent as binary protobuf or, when the client uses JSON, as text. */
export function decodeRequest(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): SignalRequest {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  return isBinary ? SignalRequest.fromBinary(new Uint8Array(buffer)) : SignalRequest.fromJsonString(buffer.toString('utf8'));
}
