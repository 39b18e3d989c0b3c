import { LocalVideoTrack, LogLevel, Room, setLogLevel, Track } from 'livekit-client';

setLogLevel(LogLevel.warn);

/**
 * What a publisher turns on after joining: its microphone (Chromium's fake one, a beep), and a camera: Chromium's
 * fake one, a `held` one (a canvas that sends no frame until {@link Window.lkPublisher}'s `showCamera()`: a camera
 * whose first frame comes as late as the test says), or none.
 */
export interface PublisherMedia {
  microphone: boolean;
  camera: 'fake' | 'held' | 'none';
}

declare global {
  interface Window {
    lkPublisher: {
      join(url: string, token: string, media: PublisherMedia): Promise<void>;
      showCamera(): void;
      leave(): Promise<void>;
      /** livekit-client's `room.isRecording`: the room's `activeRecording`. */
      isRecording(): boolean;
      /** The identities of the remote participants this participant sees. */
      remoteIdentities(): string[];
    };
  }
}

let room: Room | undefined;
let paint: (() => void) | undefined;
let painting: ReturnType<typeof setInterval> | undefined;

/** A camera track from a canvas that captures a frame only when asked (`captureStream(0)`), and its painter. */
function heldCamera(): { track: LocalVideoTrack; paint(): void } {
  const canvas = Object.assign(document.createElement('canvas'), { width: 320, height: 240 });
  const context = canvas.getContext('2d')!;
  const media = canvas.captureStream(0).getVideoTracks()[0] as CanvasCaptureMediaStreamTrack;
  let n = 0;
  return {
    track: new LocalVideoTrack(media, undefined, true),
    paint() {
      context.fillStyle = `hsl(${(n++ * 7) % 360} 70% 50%)`;
      context.fillRect(0, 0, canvas.width, canvas.height);
      media.requestFrame();
    },
  };
}

/** A participant on plain livekit-client publishing as asked. */
window.lkPublisher = {
  async join(url, token, media) {
    room = new Room();
    await room.connect(url, token);
    if (media.microphone) await room.localParticipant.setMicrophoneEnabled(true);
    if (media.camera === 'fake') await room.localParticipant.setCameraEnabled(true);
    if (media.camera === 'held') {
      const camera = heldCamera();
      paint = camera.paint;
      await room.localParticipant.publishTrack(camera.track, { source: Track.Source.Camera, simulcast: false });
    }
  },
  showCamera() {
    if (paint && painting === undefined) painting = setInterval(paint, 1000 / 15);
  },
  async leave() {
    clearInterval(painting);
    await room?.disconnect();
  },
  isRecording: () => room?.isRecording ?? false,
  remoteIdentities: () => [...(room?.remoteParticipants.keys() ?? [])],
};
