// "Pay only for what you use" (issue 39), checked on the built package as the bundlers of users' apps take it: Vite
// 8's (Rolldown) and esbuild. A tile shows raised hands, reactions, encryption's locks, the host's menu and an agent's
// state and voice only when the app uses those features (ui/tileFeatures.tsx); an app that never imports them must
// not ship their code, and an app that imports them must ship it, or its tiles would show nothing. The same holds for what features add to the
// session (room/connection/sessionFeatures.ts): breakout rooms, the kept devices, the waiting room. Run after
// `npm run build`.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build as esbuild } from 'esbuild';
import { rolldown } from 'rolldown';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const EXTERNAL = ['react', 'react-dom', 'react/jsx-runtime', 'livekit-client', '@tanstack/react-query'];

/** Code that only each feature's tile parts (or the feature itself) bring. */
const MARKS = {
  hands: ['roomkit.hand', 'rk-hand-badge'],
  reactions: ['roomkit.reaction', 'rk-reaction'],
  encryption: ['cannot-decrypt'],
  adminMenu: ['rk-admin-status'],
  agent: ['rk-tile-agent'],
};

/** An app that renders a plain grid, plus `extra` (imports from the package and what it renders beside the grid). */
function app(extra: { imports: string[]; render: string }): string {
  const names = ['GridLayout', 'RoomProvider', ...extra.imports];
  return [
    `import { ${names.join(', ')} } from '@roomkit/react';`,
    `export const App = () => <RoomProvider token="t" url="wss://m.example"><GridLayout />${extra.render}</RoomProvider>;`,
  ].join('\n');
}

/** What each session feature's hooks are filled with (room/connection/sessionFeatures.ts), as any minifier keeps them. */
const SESSION_MARKS = {
  breakouts: ['.start=', 'roomkit.breakout'],
  keptDevices: ['.leave=', 'localParticipant.publishTrack'],
  waitingRoom: ['.hold=', '.renews=', 'roomkit.waiting'],
};

/** An app that renders a RoomProvider and `body` (a component using `names` from the package). */
function sessionApp(names: string[], body: string): string {
  return [
    `import { RoomProvider, ${names.join(', ')} } from '@roomkit/react';`,
    `const Body = () => { ${body} };`,
    `export const App = () => <RoomProvider token="t" url="wss://m.example"><Body /></RoomProvider>;`,
  ].join('\n');
}

const APPS = {
  core: sessionApp(['useParticipants'], 'return <p>{useParticipants().length}</p>;'),
  meeting: sessionApp(['VideoConference'], 'return <VideoConference />;'),
  waitingRoom: sessionApp(['useWaitingRoom'], 'return <p>{String(useWaitingRoom().isWaiting)}</p>;'),
  breakoutStatus: sessionApp(['BreakoutStatus'], 'return <BreakoutStatus />;'),
  plain: app({ imports: [], render: '' }),
  hands: app({ imports: ['RaiseHandToggle'], render: '<RaiseHandToggle />' }),
  reactions: app({ imports: ['ReactionsMenu'], render: '<ReactionsMenu />' }),
  encryption: app({ imports: ['createEncryption'], render: '{String(createEncryption({ passphrase: "p" }))}' }),
  people: app({ imports: ['ParticipantList'], render: '<ParticipantList />' }),
  agent: sessionApp(['GridLayout', 'useAgent'], 'return <GridLayout key={useAgent().state} />;'),
};

let dir: string;
const bundles: Record<string, { rolldown: string; esbuild: string }> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(REPO_ROOT, 'node_modules/.cache/tree-shaking-'));
  // The package as an app's node_modules has it, so each bundler resolves it by its `exports` and reads its `sideEffects`.
  mkdirSync(join(dir, 'node_modules/@roomkit'), { recursive: true });
  symlinkSync(REPO_ROOT, join(dir, 'node_modules/@roomkit/react'), 'dir');
  for (const [name, code] of Object.entries(APPS)) {
    const input = join(dir, `${name}.tsx`);
    writeFileSync(input, code);
    // Vite 8's production bundler, with the package resolved through its `exports` and its `sideEffects`.
    const bundle = await rolldown({
      input,
      external: EXTERNAL,
      transform: { define: { 'process.env.NODE_ENV': '"production"' }, jsx: 'react-jsx' },
      logLevel: 'silent',
    });
    const { output } = await bundle.generate({ format: 'esm', minify: true });
    await bundle.close();
    const built = await esbuild({
      entryPoints: [input],
      bundle: true,
      write: false,
      format: 'esm',
      minify: true,
      jsx: 'automatic',
      external: EXTERNAL,
      loader: { '.css': 'empty' },
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    bundles[name] = { rolldown: output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n'), esbuild: built.outputFiles.map((f) => f.text).join('\n') };
  }
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const has = (code: string, marks: string[]) => marks.filter((mark) => code.includes(mark));

describe.each(['rolldown', 'esbuild'] as const)('%s', (bundler) => {
  it('a plain grid ships no hands, reactions, encryption, admin menu or agent placeholder', () => {
    const code = bundles.plain![bundler];
    expect(code).toContain('rk-tile');
    expect(has(code, Object.values(MARKS).flat())).toEqual([]);
  });

  it("VideoConference ships the agent's placeholder on its tiles", () => {
    expect(has(bundles.meeting![bundler], MARKS.agent)).toEqual(MARKS.agent);
  });

  // Each feature's own import brings its marks, and no other feature's.
  it.each([
    ['hands', 'RaiseHandToggle'],
    ['reactions', 'ReactionsMenu'],
    ['encryption', 'createEncryption'],
    ['agent', 'useAgent'],
  ] as const)('the grid ships %s with %s, and nothing else', (feature, _component) => {
    const code = bundles[feature]![bundler];
    const others = (Object.keys(MARKS) as (keyof typeof MARKS)[]).filter((name) => name !== feature).flatMap((name) => MARKS[name]);
    expect(has(code, MARKS[feature])).toEqual(MARKS[feature]);
    expect(has(code, others)).toEqual([]);
  });

  // The session's features (issue 53): a RoomProvider and a list of people ship none; each feature's import its own.
  it('RoomProvider + useParticipants ships no breakout rooms, kept devices or waiting room; VideoConference ships all', () => {
    const all = Object.values(SESSION_MARKS).flat();
    expect(has(bundles.core![bundler], all)).toEqual([]);
    expect(has(bundles.meeting![bundler], all)).toEqual(all);
  });

  it('useWaitingRoom brings the waiting room, BreakoutStatus breakout rooms and the kept devices', () => {
    expect(has(bundles.waitingRoom![bundler], Object.values(SESSION_MARKS).flat())).toEqual(SESSION_MARKS.waitingRoom);
    expect(has(bundles.breakoutStatus![bundler], [...SESSION_MARKS.breakouts, ...SESSION_MARKS.keptDevices, ...SESSION_MARKS.waitingRoom])).toEqual([
      ...SESSION_MARKS.breakouts,
      ...SESSION_MARKS.keptDevices,
    ]);
  });

  it("the grid ships the host's menu (and hands, which the menu lowers) with ParticipantList, and no reactions", () => {
    const code = bundles.people![bundler];
    expect(has(code, [...MARKS.adminMenu, ...MARKS.hands])).toEqual([...MARKS.adminMenu, ...MARKS.hands]);
    expect(has(code, MARKS.reactions)).toEqual([]);
  });
});
