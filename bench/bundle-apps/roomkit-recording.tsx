// RoomKit: a recording template page (it reads Egress's url, token and layout from the address itself).
import { RecordingView } from '@roomkit/react/recording';
import '@roomkit/react/styles.css';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<RecordingView />);
