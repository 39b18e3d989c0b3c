// After `npm run build`: every published entry point must import in plain Node (no DOM, no bundler),
// and the provider must render on the server.
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { setLogLevel } from 'livekit-client';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

setLogLevel('warn');
const lib = await import('@roomkit/react');
const testing = await import('@roomkit/react/testing');
// The room kinds' entries: each imports on its own and has its prefab.
const kinds = {
  agent: [await import('@roomkit/react/agent'), 'AgentConversation'],
  recording: [await import('@roomkit/react/recording'), 'RecordingView'],
  'audio-room': [await import('@roomkit/react/audio-room'), 'AudioConference'],
};
const room = testing.createTestRoom({ participants: 2 });
const Names = () => createElement('p', null, lib.useParticipants().map((p) => p.identity).join(','));
const html = renderToString(createElement(lib.RoomProvider, { room }, createElement(Names)));
if (html !== '<p>me,participant-1,participant-2</p>') {
  console.error(`dist-imports: unexpected server render: ${html}`);
  process.exit(1);
}
room.setConnectionState('disconnected');

// The server entry: real values in plain Node (no 'use client' boundary turning them into client references).
const server = await import('@roomkit/react/server');
const fail = (message) => {
  console.error(`dist-imports: ${message}`);
  process.exit(1);
};
if (!server.isRoomKitError(new server.RoomKitError('server-misconfigured', 'probe'), 'server-misconfigured')) {
  fail('isRoomKitError(new RoomKitError(...)) is false from @roomkit/react/server');
}
if (typeof server.DEFAULT_GRANTS.canPublish !== 'boolean') fail('DEFAULT_GRANTS.canPublish is not a boolean on the server');
if (typeof server.createConnectionHandler !== 'function' || typeof server.toNodeListener !== 'function') {
  fail('createConnectionHandler / toNodeListener missing from @roomkit/react/server');
}
if (typeof server.createRoomActionsHandler !== 'function' || typeof server.createRoomActionsHandler({ mediaUrl: 'wss://media.example.com' }) !== 'function') {
  fail('createRoomActionsHandler is missing from @roomkit/react/server, or does not make a handler in plain Node');
}

// Every module the server entry reaches, by following relative imports from dist/server.js: none may carry
// 'use client', and none may import React or livekit-client. The client entries must carry the directive.
const dist = new URL('../dist/', import.meta.url);
const startsWithUseClient = (text) => /^\s*['"]use client['"]/.test(text);
/** Every module reachable from `entry` by relative imports, with the packages each imports. */
function reachable(entry) {
  const modules = new Map();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift();
    if (modules.has(file)) continue;
    const text = readFileSync(new URL(file, dist), 'utf8');
    const packages = [];
    modules.set(file, { text, packages });
    for (const [, from, bare] of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]/g)) {
      const specifier = from ?? bare;
      if (specifier.startsWith('.')) queue.push(posix.normalize(posix.join(posix.dirname(file), specifier)));
      else packages.push(specifier);
    }
  }
  return modules;
}
const seen = reachable('server.js');
for (const [file, { text, packages }] of seen) {
  if (startsWithUseClient(text)) fail(`dist/${file}, reachable from dist/server.js, starts with 'use client'`);
  const peer = packages.find((p) => /^(react|react-dom|livekit-client|@tanstack\/react-query)($|\/)/.test(p));
  if (peer) fail(`dist/${file} imports ${peer}`);
}
// react-query is an optional peer: only the query entry may reach it.
for (const [name, [entry, prefab]] of Object.entries(kinds)) {
  if (typeof entry[prefab] !== 'object' && typeof entry[prefab] !== 'function') fail(`${prefab} missing from @roomkit/react/${name}`);
  if (prefab in lib) fail(`${prefab} is exported by @roomkit/react too: it belongs to @roomkit/react/${name} alone`);
}
for (const entry of ['index.js', 'agent.js', 'recording.js', 'audio-room.js', 'testing.js']) {
  for (const [file, { packages }] of reachable(entry)) {
    if (packages.some((p) => p.startsWith('@tanstack/react-query'))) fail(`dist/${file}, reachable from dist/${entry}, imports @tanstack/react-query (an optional peer)`);
  }
}
const query = await import('@roomkit/react/query');
if (typeof query.useConnection !== 'function' || typeof query.connectionQueryOptions !== 'function') {
  fail('useConnection / connectionQueryOptions missing from @roomkit/react/query');
}
for (const file of ['index.js', 'agent.js', 'recording.js', 'audio-room.js', 'testing.js', 'query.js']) {
  if (!startsWithUseClient(readFileSync(new URL(file, dist), 'utf8'))) fail(`dist/${file} does not start with 'use client'`);
}

console.log(
  `dist-imports: ${Object.keys(lib).length} exports from @roomkit/react, ${Object.keys(testing).length} from @roomkit/react/testing, ` +
    `${Object.keys(query).length} from @roomkit/react/query, ${Object.keys(server).length} from @roomkit/react/server, ` +
    Object.entries(kinds).map(([name, [entry]]) => `${Object.keys(entry).length} from @roomkit/react/${name}`).join(', ') +
    `; server render ok; ${seen.size} server modules without 'use client'`,
);
process.exit(0);
