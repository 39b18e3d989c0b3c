import { createRoot } from 'react-dom/client';
import { RecordingView } from '@roomkit/react';
import '@roomkit/react/styles.css';

// The README's recording page, plus one test-only option: a short empty time from the address (`emptyMs`).
const emptyMs = Number(new URLSearchParams(location.search).get('emptyMs') ?? '') || undefined;
createRoot(document.getElementById('root')!).render(<RecordingView {...(emptyMs ? { emptyTimeoutMs: emptyMs } : {})} />);
