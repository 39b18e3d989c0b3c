/**
 * Prints the offer Debian's Chromium makes for the sections livekit-client's single peer connection has on
 * /rtc/v1, with H.264 put first by setCodecPreferences on every video transceiver: the shape of Safari's offer
 * (H.264 first, its own simulcast and RTX lines), made where no Safari runs.
 *
 *   npx tsx scripts/captureChromiumH264Offer.ts > test/node/fixtures/offers/chromium-156-h264-first.sdp
 *   npx tsx scripts/captureChromiumH264Offer.ts only > test/node/fixtures/offers/chromium-156-h264-only.sdp
 *
 * With `only`, the video transceivers offer H.264 alone (and its RTX): a client without VP8.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, HEADLESS_ARGS } from '../test/chromium';

const only = process.argv[2] === 'only';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_ARGS });
try {
  const page = await browser.newPage();
  const sdp = await page.evaluate(async (h264Only) => {
    const pc = new RTCPeerConnection();
    pc.createDataChannel('_reliable', { ordered: true });
    pc.createDataChannel('_lossy', { ordered: false, maxRetransmits: 0 });
    // receive-only sections, as livekit-client adds them for what it will receive
    for (const kind of ['audio', 'audio', 'audio', 'video', 'video', 'video']) pc.addTransceiver(kind, { direction: 'recvonly' });
    // the published microphone and camera (simulcast q and h, as livekit-client for 640x360)
    // (about:blank has no getUserMedia: a canvas and an oscillator stand in for camera and microphone)
    const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 360 });
    canvas.getContext('2d')?.fillRect(0, 0, 640, 360);
    const audio = new AudioContext();
    const microphone = audio.createMediaStreamDestination();
    audio.createOscillator().connect(microphone);
    const media = new MediaStream([...microphone.stream.getAudioTracks(), ...canvas.captureStream(30).getVideoTracks()]);
    for (const track of media.getTracks()) {
      const sendEncodings = track.kind === 'video' ? [{ rid: 'q', scaleResolutionDownBy: 2 }, { rid: 'h' }] : undefined;
      pc.addTransceiver(track, { direction: 'sendonly', streams: [media], sendEncodings });
    }
    const codecs = RTCRtpReceiver.getCapabilities('video')?.codecs ?? [];
    const h264 = codecs.filter((c) => c.mimeType === 'video/H264');
    const h264First = h264Only ? [...h264, ...codecs.filter((c) => c.mimeType === 'video/rtx')] : [...h264, ...codecs.filter((c) => c.mimeType !== 'video/H264')];
    for (const transceiver of pc.getTransceivers()) {
      if (transceiver.receiver.track.kind === 'video') transceiver.setCodecPreferences(h264First);
    }
    const offer = await pc.createOffer();
    pc.close();
    return offer.sdp ?? '';
  }, only);
  process.stdout.write(sdp);
} finally {
  await browser.close();
}
