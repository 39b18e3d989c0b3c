import { createRoot } from 'react-dom/client';
import { RecordingView } from '@roomkit/react/recording';
import '@roomkit/react/styles.css';

// The recording page of the guide "Recording with egress" (stories/docs/Recording.mdx), plus test-only options from
// the address: a short empty time (`emptyMs`), and how long audio waits for a video's first frame (`videoWaitMs`).
const address = new URLSearchParams(location.search);
const emptyMs = Number(address.get('emptyMs') ?? '') || undefined;
const videoWaitMs = Number(address.get('videoWaitMs') ?? '') || undefined;
createRoot(document.getElementById('root')!).render(<RecordingView emptyTimeoutMs={emptyMs} videoWaitMs={videoWaitMs} />);
