/**
 * An agent conversation end to end: a RoomKit page rendering `<AgentConversation>` and a page on plain
 * livekit-client acting as LiveKit's agents do (agent-kind token, `lk.agent.state`, a published voice,
 * `lk.transcription` text streams of its own speech and of the person's, chat on `lk.chat`), through the dev media
 * server in Debian's Chromium with fake devices. Run inside test/e2e/netns.sh.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../dev/media-server';
import { appStackForFile, WAIT } from './support';

const SECRET = 'e2e-agent-conversation-secret';
const fixtures = resolve(import.meta.dirname, 'agentConversation');

const app = appStackForFile({ name: 'agent', fixtures, secret: SECRET, pages: ['index', 'agent'] });

function token(room: string, identity: string, name: string, agent = false): string {
  return signAccessToken(
    {
      identity,
      name,
      ...(agent ? { kind: 'agent' as const } : {}),
      video: { roomJoin: true, room, ...(agent ? { canUpdateOwnMetadata: true } : {}) },
    },
    SECRET,
  );
}

async function openPage(name: string, path: string, global: 'conversation' | 'agent'): Promise<Page> {
  const page = await app.browser.newPage(name);
  await page.goto(`${app.web.url}${path}`);
  await page.waitForFunction((g) => g in window, global);
  return page;
}

/** The transcript's lines as `from/type:text`, interim ones marked. */
const transcriptOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('li.rk-agent-line')].map(
      (li) =>
        `${li.getAttribute('data-from')}/${li.getAttribute('data-type')}:${li.querySelector('.rk-agent-line-text')?.textContent ?? ''}${li.hasAttribute('data-final') ? '' : ' (interim)'}`,
    ),
  );

describe('AgentConversation with a plain livekit-client agent', () => {
  it('shows the whole conversation: waiting, the agent, its states, its voice, both sides’ speech and chat both ways', async () => {
    const ROOM = 'agent-talk';
    // The agent's page is loaded first: livekit-client hands its pre-connect recording only to an agent that joins
    // within 10 s of the microphone's publication.
    const agent = await openPage('ada', 'agent.html', 'agent');
    const rita = await openPage('rita', 'index.html', 'conversation');
    await rita.evaluate(([url, t]) => window.conversation.connect(url, t, 60_000), [app.media.url, token(ROOM, 'rita', 'Rita')] as const);
    const conversation = rita.getByRole('region', { name: 'Conversation with an AI agent' });
    await expect.poll(() => conversation.getAttribute('data-status'), WAIT).toBe('waiting');
    await conversation.getByText('Waiting for the agent to join…').waitFor();

    await agent.evaluate(([url, t]) => window.agent.connect(url, t), [app.media.url, token(ROOM, 'ada', 'Ada', true)] as const);
    await expect.poll(() => conversation.getAttribute('data-status'), WAIT).toBe('ready');

    // What Rita said before the agent joined reaches it: the microphone was opened with livekit-client's
    // pre-connect buffer, which streams its recording to the agent on `lk.agent.pre-connect-audio-buffer`.
    await expect.poll(() => agent.evaluate(() => window.agent.preConnect.length), WAIT).toBe(1);
    const [early] = await agent.evaluate(() => window.agent.preConnect);
    expect(early!.from).toBe('rita');
    // A WebM recording (EBML magic first) of Opus audio, as livekit-client's MediaRecorder makes it in Chromium.
    expect(early!.mimeType).toBe('audio/webm;codecs=opus');
    expect(early!.head).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(early!.bytes).toBeGreaterThan(4);
    await expect.poll(() => agent.evaluate(() => window.agent.microphoneOf('rita')), WAIT).toBe(early!.attributes.trackId);

    await agent.evaluate(() => window.agent.publishMicrophone());
    for (const [state, words] of [['listening', 'Listening'], ['thinking', 'Thinking…'], ['speaking', 'Speaking']] as const) {
      await agent.evaluate((s) => window.agent.setState(s), state);
      await expect.poll(() => conversation.getAttribute('data-agent-state'), WAIT).toBe(state);
      await conversation.locator('.rk-agent-presence-state').getByText(words, { exact: true }).waitFor();
    }
    const visualizer = conversation.locator('.rk-agent-visualizer[data-variant="radial"]');
    await expect.poll(() => visualizer.getAttribute('data-state'), WAIT).toBe('live');
    expect(await visualizer.getAttribute('data-agent-state')).toBe('speaking');

    // The agent's speech, interim then final (replaced in place).
    await agent.evaluate(() => window.agent.say('Hello, how', 'a1', false));
    await expect.poll(() => transcriptOf(rita), WAIT).toEqual(['agent/speech:Hello, how (interim)']);
    await agent.evaluate(() => window.agent.say('Hello, how can I help?', 'a1', true));
    await expect.poll(() => transcriptOf(rita), WAIT).toEqual(['agent/speech:Hello, how can I help?']);

    // The person's speech, as the agent transcribes it: the transcribed track is Rita's microphone.
    await agent.evaluate(() => window.agent.hear('rita', 'What is the', 'u1', false));
    await expect.poll(() => transcriptOf(rita), WAIT).toEqual(['agent/speech:Hello, how can I help?', 'user/speech:What is the (interim)']);
    await agent.evaluate(() => window.agent.hear('rita', 'What is the weather?', 'u1', true));

    // Chat both ways.
    await agent.evaluate(() => window.agent.chat('Sunny all day.'));
    await conversation.getByText('Sunny all day.', { exact: true }).waitFor({ timeout: WAIT.timeout });
    const input = rita.getByRole('textbox', { name: 'Message to the agent' });
    await input.fill('Thanks!');
    await input.press('Enter');
    await expect.poll(() => agent.evaluate(() => window.agent.chats), WAIT).toEqual([{ from: 'rita', text: 'Thanks!' }]);

    await expect.poll(() => transcriptOf(rita), WAIT).toEqual([
      'agent/speech:Hello, how can I help?',
      'user/speech:What is the weather?',
      'agent/chat:Sunny all day.',
      'user/chat:Thanks!',
    ]);
    expect(await conversation.locator('li.rk-agent-line .rk-agent-line-speaker').allTextContents()).toEqual(['Ada', 'You', 'Ada', 'You']);
    await Promise.all([rita.close(), agent.close()]);
  });

  it('says agent-unavailable in words when no agent joins within the timeout', async () => {
    const alone = await openPage('lonely', 'index.html', 'conversation');
    await alone.evaluate(([url, t]) => window.conversation.connect(url, t, 1_500), [app.media.url, token('agent-nobody', 'lonely', 'Lonely')] as const);
    const conversation = alone.getByRole('region', { name: 'Conversation with an AI agent' });
    await conversation.getByRole('alert').getByText('The agent is not available right now. Please try again later.').waitFor({ timeout: WAIT.timeout });
    expect(await conversation.getAttribute('data-status')).toBe('unavailable');
    expect(await alone.evaluate(() => window.conversation.errors)).toEqual(['agent-unavailable']);
    await alone.close();
  });
});
