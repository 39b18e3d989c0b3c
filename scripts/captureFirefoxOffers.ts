/**
 * Joins the dev media server from Firefox ESR (headless, fake media) through livekit-client, and saves every offer
 * Firefox sends as it joins and publishes its camera and microphone; prints what flowed each way.
 *
 *   npx tsx scripts/captureFirefoxOffers.ts [outDir] [seconds]     (FIREFOX=/usr/bin/firefox-esr by default)
 *   BROWSER=chromium npx tsx scripts/captureFirefoxOffers.ts [outDir] [seconds]   (Debian's Chromium instead)
 *   SYNTHETIC=n publishers to receive from (default 1); DROP_AT=s drops the signalling after s seconds (a resume)
 *
 * The offers are fixtures of test/node/media-server.browserOffers.test.ts (test/node/fixtures/offers/README.md).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { signAccessToken, startMediaServer } from '../dev/media-server';
import { ParticipantPeer } from '../dev/media-server/peer';
import { CHROMIUM_PATH, HEADLESS_ARGS } from '../test/chromium';

const outDir = process.argv[2] ?? join(tmpdir(), 'firefox-offers');
const seconds = Number(process.argv[3] ?? 25);
const firefox = process.env.FIREFOX ?? '/usr/bin/firefox-esr';

const offers: string[] = [];
const acceptOffer = ParticipantPeer.prototype.acceptOffer;
ParticipantPeer.prototype.acceptOffer = function (offer) {
  offers.push(offer.sdp);
  return acceptOffer.call(this, offer);
};

const page = await build({ entryPoints: [join(import.meta.dirname, 'firefoxOffers/page.ts')], bundle: true, format: 'iife', write: false });
const server = await startMediaServer({ port: 0, tokenSecret: 'capture', logLevel: 'debug', egressChromium: false });
// someone to receive from: a synthetic camera and microphone
server.addSyntheticParticipants('r', { count: Number(process.env.SYNTHETIC ?? 1) });
const http = createServer((request, response) => {
  if (request.url?.startsWith('/report/')) {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      console.log(`page ${request.url?.slice('/report/'.length) ?? ''}: ${body}`);
      response.end();
    });
  } else if (request.url === '/page.js') {
    response.setHeader('content-type', 'text/javascript');
    response.end(page.outputFiles[0]?.text);
  } else {
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><script src="/page.js"></script>');
  }
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const { port } = http.address() as { port: number };
const token = signAccessToken({ identity: 'browser', video: { roomJoin: true, room: 'r' } }, 'capture');

const profile = mkdtempSync(join(tmpdir(), 'firefox-profile-'));
const prefs = {
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
  'media.autoplay.default': 0,
  // host candidates on 127.0.0.1, as they are, where the dev server's only ICE host is
  'media.peerconnection.ice.loopback': true,
  'media.peerconnection.ice.obfuscate_host_addresses': false,
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'app.update.auto': false,
  'media.gmp-manager.updateEnabled': false,
};
writeFileSync(join(profile, 'user.js'), Object.entries(prefs).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`).join('\n'));
const query = new URLSearchParams({ url: server.url, token, receiveMs: String(Math.max(1, seconds - 12) * 1000) });
const url = `http://127.0.0.1:${port}/?${query.toString()}`;
let stop: () => Promise<unknown>;
if (process.env.BROWSER === 'chromium') {
  // Debian's Chromium through playwright-core, as the e2e tests drive it
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_ARGS });
  await (await browser.newPage()).goto(url);
  stop = () => browser.close();
} else {
  const browser = spawn(firefox, ['--headless', '--no-remote', '--profile', profile, url], { stdio: 'ignore' });
  stop = () => {
    browser.kill('SIGTERM');
    return new Promise((resolve) => browser.once('exit', resolve));
  };
}
const sleep = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));
// DROP_AT=s: the server drops the browser's signalling after s seconds, and livekit-client resumes
const dropAt = Number(process.env.DROP_AT ?? seconds);
await sleep(Math.min(dropAt, seconds));
if (dropAt < seconds) {
  console.log('dropping the signal', server.dropSignal('r', { identity: 'browser' }));
  await sleep(seconds - dropAt);
}

const participant = server.room('r')?.participants.find((p) => p.identity === 'browser');
console.log('server received from the browser:', JSON.stringify(participant?.tracks.map((t) => ({ cid: t.cid, source: t.source, packets: t.packetsReceived, layers: t.layers }))));
console.log('server sent to the browser:', JSON.stringify({ packets: participant?.media.packetsSent, subscriptions: participant?.media.subscriptions }));
await stop();
mkdirSync(outDir, { recursive: true });
offers.forEach((sdp, i) => writeFileSync(join(outDir, `offer-${i + 1}.sdp`), sdp));
console.log(`${offers.length} offers in ${outDir}`);
rmSync(profile, { recursive: true, force: true });
await server.close();
http.close();
