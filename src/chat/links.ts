/** One piece of a message: plain text, or a web link with the address it opens. */
export interface TextPiece {
  readonly text: string;
  /** Set for a link: the address, normalised by `URL`, always `http:` or `https:`. */
  readonly href?: string;
}

// "http://" or "https://" (ASCII letters only: a look-alike letter is not a scheme) at the start of a word (after
// a space or an opening bracket or quote: `javascript:https://…` is not a link), and what follows up to a space or
// a character that never belongs to an address in running text.
const CANDIDATE = /(?<=^|[\s([{"'<])https?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?'")\]}]+$/;
// A host label may use one script: `аpple` with a Cyrillic "а" is not `apple`. Mixed are Latin with the letters of any
// other script, and Cyrillic with Greek (the look-alike alphabets); one script, or Japanese Han with kana, is not.
const MIXED = /\p{Script=Latin}.*[^\P{L}\p{Script=Latin}]|[^\P{L}\p{Script=Latin}].*\p{Script=Latin}|\p{Script=Cyrillic}.*\p{Script=Greek}|\p{Script=Greek}.*\p{Script=Cyrillic}/u;

/**
 * @internal Splits a chat message into text and `http(s)` links. Nothing else ever becomes a link: other schemes
 * (`javascript:`, `data:`, `mailto:`…), addresses without `//`, look-alike letters, and anything `URL` cannot
 * parse stay text. So does an address that would not lead where it reads: one with user info (`https://bank.example@evil.example`)
 * or a percent-encoded host, and one whose host has a label mixing scripts (`аpple.com` with a Cyrillic "а"); a
 * label in one script links (`пример.рф`). A closing parenthesis ends the link unless the link opened one (`…/Foo_(bar)`).
 */
export function splitLinks(message: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of message.matchAll(CANDIDATE)) {
    let candidate = match[0];
    const trailing = TRAILING.exec(candidate)?.[0] ?? '';
    candidate = candidate.slice(0, candidate.length - trailing.length);
    // Give back a ")" the address itself opened.
    for (const ch of trailing) {
      if (ch !== ')' || count(candidate, '(') <= count(candidate, ')')) break;
      candidate += ch;
    }
    const href = webAddress(candidate);
    if (!href) continue;
    const start = match.index;
    if (start > last) pieces.push({ text: message.slice(last, start) });
    pieces.push({ text: candidate, href });
    last = start + candidate.length;
  }
  if (last < message.length || pieces.length === 0) pieces.push({ text: message.slice(last) });
  return pieces;
}

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

function webAddress(candidate: string): string | undefined {
  // The host as written: up to the path, query or fragment (a backslash, which URL reads as "/", keeps its @ in).
  const host = candidate.slice(candidate.indexOf('//') + 2).split(/[/?#]/)[0]!;
  if (/[@%]/.test(host)) return undefined;
  if (host.split(/[.\u3002\uff0e\uff61]/).some((label) => MIXED.test(label))) return undefined;
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
