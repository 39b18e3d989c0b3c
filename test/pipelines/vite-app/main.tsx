import { createRoot } from 'react-dom/client';
import '@roomkit/react/styles.css';
import { States } from './States';

createRoot(document.getElementById('root')!).render(<States />);
