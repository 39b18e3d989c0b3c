import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '@roomkit/react/styles.css';
import { LIVE_ROLES, LiveMeeting, Lobby, type LiveRole } from './LiveMeeting';
import { ROLES, SimulatedMeeting } from './SimulatedMeeting';

declare const __ROOMKIT_DEMO_MODE__: 'live' | 'simulated' | undefined;
const mode = typeof __ROOMKIT_DEMO_MODE__ === 'undefined' ? 'simulated' : __ROOMKIT_DEMO_MODE__;
const queryClient = new QueryClient();

function ThemeToggle({ theme, setTheme }: { theme: 'light' | 'dark'; setTheme: (t: 'light' | 'dark') => void }) {
  return (
    <button type="button" className="rk-button" aria-pressed={theme === 'dark'} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
      Dark theme
    </button>
  );
}

function SimulatedApp() {
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
        <ThemeToggle theme={theme} setTheme={setTheme} />
      </header>
      <SimulatedMeeting key={role} role={role} theme={theme} />
    </div>
  );
}

function LiveApp() {
  const params = new URLSearchParams(window.location.search);
  const preset = params.get('name') && params.get('role') && params.get('role')! in LIVE_ROLES;
  const [session, setSession] = useState<{ name: string; role: LiveRole } | null>(
    preset ? { name: params.get('name')!, role: params.get('role') as LiveRole } : null,
  );
  const [theme, setTheme] = useState<'light' | 'dark'>('dark');
  return (
    <QueryClientProvider client={queryClient}>
      <div data-rk-theme={theme} className="rk-root" style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
        <header style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '8px 12px' }}>
          <h1 style={{ fontSize: 18, margin: 0 }}>RoomKit demo</h1>
          <span>{session ? `${session.name}, ${LIVE_ROLES[session.role].toLowerCase()}` : 'Open this page in two tabs to meet yourself.'}</span>
          <ThemeToggle theme={theme} setTheme={setTheme} />
        </header>
        {session ? (
          <LiveMeeting
            key={`${session.name}-${session.role}`}
            name={session.name}
            role={session.role}
            room={params.get('room') ?? 'demo'}
            onLeave={() => setSession(null)}
          />
        ) : (
          <Lobby onJoin={(name, role) => setSession({ name, role })} />
        )}
      </div>
    </QueryClientProvider>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode>{mode === 'live' ? <LiveApp /> : <SimulatedApp />}</StrictMode>);
