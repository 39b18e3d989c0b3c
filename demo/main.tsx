import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '@roomkit/react/styles.css';
import { ROLES, SimulatedMeeting } from './SimulatedMeeting';

function App() {
  const [role, setRole] = useState('publisher');
  const [theme, setTheme] = useState<'light' | 'dark'>('dark');
  return (
    <div data-rk-theme={theme} className="rk-root" style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <header style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '8px 12px', flexWrap: 'wrap' }}>
        <h1 style={{ fontSize: 18, margin: 0 }}>RoomKit demo (simulated room)</h1>
        <label>
          Play as{' '}
          <select className="rk-select" value={role} onChange={(e) => setRole(e.target.value)}>
            {Object.entries(ROLES).map(([key, r]) => (
              <option key={key} value={key}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="rk-button" aria-pressed={theme === 'dark'} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
          Dark theme
        </button>
      </header>
      <SimulatedMeeting key={role} role={role} theme={theme} />
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
