import { screen } from '@testing-library/react';
import fc from 'fast-check';
import { splitLinks } from '../../src/core/links';
import { Chat } from '../../src/index';
import { renderInRoom } from '../helpers/render';

const links = (message: string) => splitLinks(message).filter((p) => p.href !== undefined).map((p) => [p.text, p.href]);

describe('links in chat messages', () => {
  it('turns http(s) addresses into links, leaving sentence punctuation outside', () => {
    expect(splitLinks('see https://example.com/a?b=1#c, then http://x.test.')).toEqual([
      { text: 'see ' },
      { text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { text: ', then ' },
      { text: 'http://x.test', href: 'http://x.test/' },
      { text: '.' },
    ]);
    expect(links('(docs at https://en.wikipedia.org/wiki/Foo_(bar))')).toEqual([['https://en.wikipedia.org/wiki/Foo_(bar)', 'https://en.wikipedia.org/wiki/Foo_(bar)']]);
    expect(links('HTTPS://EXAMPLE.COM')).toEqual([['HTTPS://EXAMPLE.COM', 'https://example.com/']]);
    expect(splitLinks('')).toEqual([{ text: '' }]);
  });

  it('never links another scheme, an address without //, a look-alike letter or what URL cannot parse', () => {
    for (const hostile of [
      'javascript:alert(1)',
      'JaVaScRiPt://%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'https:example.com',
      'һttps://example.com', // Cyrillic "һ"
      'hxxps://example.com',
      'https://',
      'http://[::1',
      'mailto:someone@example.com',
      'file:///etc/passwd',
    ]) {
      expect(links(hostile)).toEqual([]);
      expect(splitLinks(hostile).map((p) => p.text).join('')).toBe(hostile);
    }
    // Inside text, a scheme that is not http(s) is never the link's start.
    expect(links('xjavascript:https://a.test')).toEqual([]);
    expect(links('javascript:https://a.test')).toEqual([]);
  });

  it('keeps every character, and every link is an http(s) URL that parses to itself (property)', () => {
    const piece = fc.constantFrom('https://', 'http://', 'javascript:', 'data:', ' ', '.', ')', '(', '"', '<', '>', "'", 'a.test', '/x', '?q=1', '#f', '%2F', 'ñ', '\u202e', '\n', '@', ':', '//');
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 12 }), (parts) => {
        const message = parts.join('');
        const pieces = splitLinks(message);
        expect(pieces.map((p) => p.text).join('')).toBe(message);
        for (const p of pieces) {
          if (p.href === undefined) continue;
          expect(p.text).toMatch(/^https?:\/\//i);
          const url = new URL(p.href);
          expect(['http:', 'https:']).toContain(url.protocol);
          expect(new URL(p.text).href).toBe(p.href);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('renders links that open a new tab without the opener, and nothing else as markup', async () => {
    const { room } = renderInRoom(<Chat />, { participants: 1 });
    room.deliverChat('participant-1', '<b>hi</b> read https://example.com/notes. <a href="javascript:alert(1)">x</a>');
    const link = await screen.findByRole('link', { name: 'https://example.com/notes' });
    expect(link).toHaveAttribute('href', 'https://example.com/notes');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    const text = link.closest('p')!;
    expect(text.querySelector('b')).toBeNull();
    expect(text.textContent).toContain('<b>hi</b> read https://example.com/notes. <a href="javascript:alert(1)">x</a>');
  });
});
