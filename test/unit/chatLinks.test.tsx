import { screen } from '@testing-library/react';
import fc from 'fast-check';
import { splitLinks } from '../../src/chat/links';
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

  it('never links an address with user info: what stands before @ is not where it leads', () => {
    for (const tricky of [
      'https://example.com@evil.example/login',
      'https://user:pass@evil.example',
      'https://@evil.example',
      'http://bank.example%2F@evil.example',
      'https://evil.example\\@bank.example',
    ]) {
      expect(links(`log in at ${tricky}`)).toEqual([]);
      expect(splitLinks(`log in at ${tricky}`).map((p) => p.text).join('')).toBe(`log in at ${tricky}`);
    }
    // An @ in the path is no user info.
    expect(links('see https://social.example/@ann/1')).toEqual([['https://social.example/@ann/1', 'https://social.example/@ann/1']]);
  });

  it('never links a host whose label mixes scripts, and links a host written in one script per label', () => {
    for (const spoof of [
      'https://аpple.com/account', // Cyrillic "а" among Latin letters
      'https://pаypal.com', // the same inside the label
      'https://gοogle.com', // Greek omicron
      'https://exаmple.рф', // a mixed label, whatever the others are
      'https://пример.гοв', // Cyrillic with a Greek omicron
      'https://%D0%B0pple.com', // a Cyrillic "а", percent-encoded
    ]) {
      expect(links(`open ${spoof}`)).toEqual([]);
    }
    expect(links('https://пример.рф/путь')).toEqual([['https://пример.рф/путь', new URL('https://пример.рф/путь').href]]);
    expect(new URL(links('https://пример.рф')[0]![1]!).hostname).toBe('xn--e1afmkfd.xn--p1ai');
    expect(links('https://παράδειγμα.δοκιμή')).toHaveLength(1);
    expect(links('https://例え.jp and https://お名前.com')).toHaveLength(2); // Japanese writes Han and kana together
    expect(links('https://bücher.example/x')).toEqual([['https://bücher.example/x', 'https://xn--bcher-kva.example/x']]);
    expect(links('https://xn--pple-43d.com')).toEqual([['https://xn--pple-43d.com', 'https://xn--pple-43d.com/']]); // shows where it leads
  });

  const letters = (chars: string) => fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength: 6 });
  const latin = letters('abcdefghijklmnopqrstuvwxyz');
  const foreign = fc.constantFrom(...'аеорсухіјѕԁһԛԝӏΑΒΕΗΙΚΜΝΟΡΤΥΧΖαβγεικνορτυχ'); // Cyrillic and Greek, most of them look-alikes

  it('never links a host label that mixes a Latin and a Cyrillic or Greek letter (property)', () => {
    fc.assert(
      fc.property(latin, foreign, latin, fc.constantFrom('com', 'рф', 'org'), fc.constantFrom('', '/login', ':8443/a?b=1'), (before, odd, after, tld, rest) => {
        const address = `https://${before}${odd}${after}.${tld}${rest}`;
        expect(links(`see ${address} now`)).toEqual([]);
        expect(links(`https://${odd}${before}.${tld}`)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('never links an address with user info (property)', () => {
    const part = fc.string({ unit: fc.constantFrom(...'abcxyz019.-_:%'), maxLength: 12 });
    fc.assert(
      fc.property(part, latin, fc.constantFrom('', '/', '/path?q=1'), (user, host, rest) => {
        expect(links(`go to https://${user}@${host}.example${rest}`)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('links every single-script ASCII host, with the href equal to the text (property)', () => {
    const label = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 10 });
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'org', 'test'), fc.constantFrom('/', '/a/b', '/x?y=1#z'), (labels, tld, path) => {
        const address = `https://${[...labels, tld].join('.')}${path}`;
        expect(links(`see ${address} now`)).toEqual([[address, address]]);
      }),
      { numRuns: 500 },
    );
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
