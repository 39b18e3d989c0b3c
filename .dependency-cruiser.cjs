/**
 * The boundaries of src/ (and the dev servers), checked by dependency-cruiser in `npm test` (`npm run check:deps`).
 * Why each rule exists: stories/docs/Architecture.mdx. In short:
 *
 *   room/                         the foundation: session, store, grants, connection, errors, RoomProvider, hooks
 *   ui/  media/                   shared parts over the foundation (UI pieces; tracks, devices, effects)
 *   chat/ captions/ hands/ …      features: each folder holds its store, hooks, components and labels
 *                                 (a feature plugs into the session through room/connection/sessionFeatures.ts)
 *   meeting/ audio-room/ agent/ recording/   room kinds, which compose features
 *   index.ts testing/ server/ query/          the package's entries
 *
 * A feature reaches another feature only through that feature's `index.ts`, and only along the edges below.
 */
const FEATURES = ['chat', 'captions', 'hands', 'notifications', 'people', 'tile', 'layouts', 'picture-in-picture', 'connection-test', 'e2ee', 'recording-control', 'shortcuts', 'breakouts', 'waiting-room'];
const ROOM_KINDS = ['meeting', 'audio-room', 'agent', 'recording'];
const one = (names) => `(${names.join('|')})`;

/** Which features (and room kinds) each may use. Anything not listed is refused. Keep it shallow. */
const ALLOWED = {
  chat: [],
  captions: [],
  hands: [],
  e2ee: [],
  'connection-test': [],
  'recording-control': [],
  breakouts: [],
  'waiting-room': [],
  people: ['hands', 'tile', 'waiting-room'],
  tile: [],
  layouts: ['tile', 'people'],
  'picture-in-picture': ['tile', 'layouts', 'people'],
  notifications: ['chat', 'hands', 'picture-in-picture'],
  shortcuts: ['hands', 'notifications'],
  meeting: FEATURES,
  'audio-room': ['chat', 'hands', 'people', 'e2ee', 'notifications', 'tile', 'recording-control', 'breakouts'],
  agent: ['chat', 'captions', 'tile'],
  recording: ['captions', 'hands', 'layouts', 'tile'],
};

const featureRules = Object.entries(ALLOWED).flatMap(([from, allowed]) => {
  const others = [...FEATURES, ...ROOM_KINDS].filter((name) => name !== from && !allowed.includes(name));
  return [
    {
      name: `${from}-uses-allowed-features`,
      comment: `${from}/ may use ${allowed.length ? allowed.join(', ') : 'no other feature'} (and the foundation, media/, ui/).`,
      severity: 'error',
      from: { path: `^src/${from}/` },
      to: { path: `^src/${one(others)}/` },
    },
    {
      name: `${from}-through-index`,
      comment: `${from}/ reaches another feature only through its index.ts.`,
      severity: 'error',
      from: { path: `^src/${from}/` },
      to: { path: `^src/${one([...FEATURES, ...ROOM_KINDS].filter((name) => name !== from))}/`, pathNot: '^src/[^/]+/index\\.ts$' },
    },
  ];
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one: neither can be understood, tested or loaded without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'foundation-imports-no-feature',
      comment: 'room/ is what every feature stands on: it imports only itself and ui/.',
      severity: 'error',
      from: { path: '^src/room/' },
      to: { path: '^src/', pathNot: '^src/(room|ui)/' },
    },
    {
      name: 'shared-parts-import-no-feature',
      comment: 'ui/ and media/ serve every feature: they import the foundation and each other, never a feature.',
      severity: 'error',
      from: { path: '^src/(ui|media)/' },
      to: { path: '^src/', pathNot: '^src/(room|ui|media)/' },
    },
    {
      name: 'stores-import-no-react',
      comment:
        'React-free modules (a .ts file named in lower case, not a use* hook, not labels) import no React: stores run in tests, servers and other frameworks.',
      severity: 'error',
      from: { path: '^src/.*/[a-z][^/]*\\.ts$', pathNot: ['/use[A-Z][^/]*\\.ts$', '[lL]abels\\.ts$', '/index\\.ts$', '^src/(testing|server|query)/'] },
      to: { path: 'node_modules/(react|react-dom)/' },
    },
    {
      name: 'server-entry-is-server-code',
      comment: '@roomkit/react/server runs in Node and edge runtimes: nothing it reaches may load React, livekit-client or the DOM.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: ['node_modules/(react|react-dom|livekit-client|@tanstack)/', '\\.css$'], reachable: true },
    },
    {
      name: 'testing-helpers-only-in-the-testing-kit',
      comment: "A feature's testing-kit helpers (simulated*.ts and the like) sit beside its code, but only the testing entry may load them: apps never ship them.",
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/testing/', '(/simulated[A-Z][^/]*|/recorderSignalLog|/fakeBackgroundProcessors)\\.ts$'] },
      to: { path: '(/simulated[A-Z][^/]*|/recorderSignalLog|/fakeBackgroundProcessors)\\.ts$' },
    },
    ...featureRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
