import { createLocalVideoTrack, Track, type LocalVideoTrack, type Room, type RoomOptions, type VideoCaptureOptions } from 'livekit-client';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ControlBar, EffectsControl, PreJoin, RoomProvider, VideoConference, useRoom, type BackgroundEffectsConfig } from '@roomkit/react';
import '@roomkit/react/styles.css';

declare global {
  interface Window {
    effects: {
      start(url: string, token: string): void;
      /** Loads of @livekit/track-processors so far (the page must not load it before an effect is chosen). */
      loads: number;
      room?: Room;
      /** What the published camera carries: its processor's name, and the edge energy of a processed and a raw frame. */
      published(): Promise<{ processor: string | undefined; processed: number; raw: number }>;
      preview(): Promise<{ processed: number; raw: number }>;
      noiseSuppression(): string | undefined;
      /** The preview's colour at (x, y) of a 320×180 frame. */
      previewPixel(x: number, y: number): Promise<number[]>;
    };
  }
}

/*
 * Served by the test from node_modules/@mediapipe/tasks-vision/wasm and the model fixture: nothing from a CDN.
 *
 * MediaPipe segments on its CPU delegate here, through `load` as any app can: the test machines have no GPU, and
 * the GPU delegate (track-processors' default) runs on Chromium's software GL (SwiftShader), which kept the page's
 * main thread so busy that each click waited 3 to 4 s for Playwright's stability check. The whole file took 79 s
 * under two CPU burners on the GPU delegate and 25 s on the CPU one (100 s in a fresh CI run, where it overlaps the
 * stories). RoomKit's part (the store, the preview, the processor on the published camera) is the same on either.
 */
const config: BackgroundEffectsConfig = {
  load: async () => {
    window.effects.loads++;
    const processors = await import('@livekit/track-processors');
    return { BackgroundProcessor: (options) => processors.BackgroundProcessor({ ...options, segmenterOptions: { delegate: 'CPU' } }) };
  },
  wasmUrl: new URL('mediapipe/wasm', location.href).href,
  modelUrl: new URL('mediapipe/selfie_segmentation.tflite', location.href).href,
};

/** Strong edges per thousand pixels (a grey-level jump over 24 between horizontal neighbours): few in a blurred frame. */
async function edgeEnergy(track: MediaStreamTrack): Promise<number> {
  const { edges, mean } = await sample(track);
  // A black or empty frame has no edges either: it does not count as blurred.
  if (mean < 20) throw new Error(`the frame is dark (mean ${mean})`);
  return edges;
}

async function sample(track: MediaStreamTrack): Promise<{ edges: number; mean: number }> {
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = new MediaStream([track]);
  await video.play();
  await new Promise((r) => setTimeout(r, 300));
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 180;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(video, 0, 0, 320, 180);
  video.srcObject = null;
  const { data } = context.getImageData(0, 0, 320, 180);
  let sum = 0;
  let n = 0;
  let grey = 0;
  for (let i = 0; i < data.length; i += 4) grey += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
  for (let y = 0; y < 180; y++) {
    for (let x = 0; x < 319; x++) {
      const i = (y * 320 + x) * 4;
      if (Math.abs(data[i]! + data[i + 1]! + data[i + 2]! - data[i + 4]! - data[i + 5]! - data[i + 6]!) / 3 > 24) sum++;
      n++;
    }
  }
  return { edges: (sum / n) * 1000, mean: grey / (data.length / 4) };
}

/**
 * The camera as this app captures it: 320×180 at 5 fps, the size every frame is sampled at. The page segments
 * every frame on its main thread with a software GPU, so the frame rate sets how busy the page is for every other
 * step of the test: 720p at 30 fps (livekit-client's default) saturated it (each click took about a second, the
 * test 95 s); 15 fps took the test 33.5 s alone and 81 s in a fresh CI run; 5 fps, 17.8 s alone. What is tested
 * (each frame blurred, the processor following a restart) does not depend on the rate.
 */
const capture: VideoCaptureOptions = { resolution: { width: 320, height: 180, frameRate: 5 } };
const options: RoomOptions = { videoCaptureDefaults: capture };

async function rawEnergy(): Promise<number> {
  const raw = await createLocalVideoTrack(capture);
  try {
    return await edgeEnergy(raw.mediaStreamTrack);
  } finally {
    raw.stop();
  }
}

function Expose() {
  window.effects.room = useRoom();
  return null;
}

function App({ url, token }: { url: string; token: string }) {
  const [joined, setJoined] = useState(false);
  return (
    <RoomProvider connection={{ url, token }} options={options} connect={joined} video={joined} audio={joined} onError={(e) => console.error(e.code, e.message)}>
      <Expose />
      {joined ? (
        <>
          <VideoConference />
          {/* The call's effects, through ControlBar's slot (VideoConference has none yet). */}
          <ControlBar
            aria-label="Effects bar"
            controls={{ microphone: false, camera: false, screenShare: false, leave: false, effects: <EffectsControl collapsible config={config} /> }}
          />
        </>
      ) : (
        <PreJoin onSubmit={() => setJoined(true)} effects={<EffectsControl config={config} backgrounds={[{ url: 'background.png', label: 'Stripes' }]} />} />
      )}
    </RoomProvider>
  );
}

window.effects = {
  loads: 0,
  start(url, token) {
    createRoot(document.getElementById('root')!).render(<App url={url} token={token} />);
  },
  async published() {
    const track = window.effects.room?.localParticipant.getTrackPublication(Track.Source.Camera)?.track as LocalVideoTrack | undefined;
    if (!track) throw new Error('no published camera');
    // mediaStreamTrack is the processed track when a processor is set: what the sender sends.
    return { processor: track.getProcessor()?.name, processed: await edgeEnergy(track.mediaStreamTrack), raw: await rawEnergy() };
  },
  async preview() {
    const video = document.querySelector<HTMLVideoElement>('video[aria-label="Camera preview"]');
    const stream = video?.srcObject as MediaStream | null;
    const track = stream?.getVideoTracks()[0];
    if (!track) throw new Error('no preview');
    return { processed: await edgeEnergy(track), raw: await rawEnergy() };
  },
  async previewPixel(x, y) {
    const video = document.querySelector<HTMLVideoElement>('video[aria-label="Camera preview"]')!;
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(video, 0, 0, 320, 180);
    return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
  },
  noiseSuppression() {
    const mic = window.effects.room?.localParticipant.getTrackPublication(Track.Source.Microphone)?.track;
    const value = mic?.mediaStreamTrack.getSettings().noiseSuppression;
    return value === undefined ? undefined : String(value);
  },
};
