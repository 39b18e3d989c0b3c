import {
  RTCRtpCodecParameters,
  // werift names its parameter factories like React hooks; renamed so nobody mistakes them for one
  useNACK as nackFeedback,
  usePLI as pliFeedback,
} from 'werift';

/** The server's codecs: what it forwards. Whatever else an offer lists, the answer leaves out. */
export const CODECS = {
  audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
  video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [nackFeedback(), pliFeedback()] })],
};
/** The server's codec names by kind, one of which an offered section must list (parseMediaSections). */
export const CODEC_NAMES = { audio: CODECS.audio.map((c) => c.name), video: CODECS.video.map((c) => c.name) };
/** Each kind's first codec as `a=rtpmap` writes it, for the sections werift must not negotiate (offerForWerift). */
export const PLACEHOLDER_RTPMAP = { audio: 'opus/48000/2', video: 'VP8/90000' };
