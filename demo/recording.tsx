/**
 * The demo's recording template: the page a recorder (LiveKit Egress, or the dev media server's egress) opens at
 * `recording.html?url=…&token=…&layout=grid` when the demo starts a recording. The room actions route names it as
 * `recording.templateUrl` (demo/serve.ts).
 */
import { createRoot } from 'react-dom/client';
import { RecordingView } from '@roomkit/react/recording';
import '@roomkit/react/styles.css';

createRoot(document.getElementById('root')!).render(<RecordingView style={{ height: '100vh' }} />);
