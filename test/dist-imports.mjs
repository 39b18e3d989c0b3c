// After `npm run build`: every published entry point must import in plain Node (no DOM, no bundler),
// and the provider must render on the server.
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
console.log(`dist-imports: ${Object.keys(lib).length} exports from @roomkit/react, ${Object.keys(testing).length} from @roomkit/react/testing; server render ok`);
process.exit(0);
