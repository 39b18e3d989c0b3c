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

// Every module the server entry reaches, by following relative imports from dist/server.js: none may carry
// 'use client', and none may import React or livekit-client. The client entries must carry the directive.
const dist = new URL('../dist/', import.meta.url);
const startsWithUseClient = (text) => /^\s*['"]use client['"]/.test(text);
const seen = new Set();
const queue = ['server.js'];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const text = readFileSync(new URL(file, dist), 'utf8');
  if (startsWithUseClient(text)) fail(`dist/${file}, reachable from dist/server.js, starts with 'use client'`);
  for (const [, from, bare] of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]/g)) {
    const specifier = from ?? bare;
    if (/^(react|react-dom|livekit-client|@tanstack\/react-query)($|\/)/.test(specifier)) fail(`dist/${file} imports ${specifier}`);
    if (specifier.startsWith('.')) queue.push(posix.normalize(posix.join(posix.dirname(file), specifier)));
  }
}
for (const file of ['index.js', 'testing.js']) {
  if (!startsWithUseClient(readFileSync(new URL(file, dist), 'utf8'))) fail(`dist/${file} does not start with 'use client'`);
}

console.log(
  `dist-imports: ${Object.keys(lib).length} exports from @roomkit/react, ${Object.keys(testing).length} from @roomkit/react/testing, ` +
    `${Object.keys(server).length} from @roomkit/react/server; server render ok; ${seen.size} server modules without 'use client'`,
);
process.exit(0);
