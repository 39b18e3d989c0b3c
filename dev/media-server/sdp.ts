/** What the server needs to know about one m-section of a client's offer. */
export interface MediaSection {
  index: number;
  kind: string;
  mid: string | undefined;
  port: number;
  direction: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
  /** The msid's track id: for a section the client sends on, the `cid` of its AddTrackRequest. */
  trackId: string | undefined;
  /**
   * Whether the section carries nothing in this negotiation: the offer rejected it (port 0 without
   * `a=bundle-only`), or, with the server's codecs given to {@link parseMediaSections}, it offers none of them.
   * Port 0 alone rejects nothing: Firefox offers every section after the first of each kind bundle-only, on port 0.
   */
  rejected: boolean;
  /** The m-line's payload types, in the offer's order. */
  formats: string[];
  /** `a=rtpmap` by payload type, as written (`VP8/90000`). */
  rtpmap: Record<string, string>;
}

/** The server's codecs by kind: encoding names, case-insensitive (`opus`, `VP8`). */
export type ServerCodecs = Readonly<Record<string, readonly string[]>>;

const DIRECTIONS = new Set(['sendrecv', 'sendonly', 'recvonly', 'inactive']);

function splitLines(sdp: string): string[] {
  return sdp.split(/\r?\n/).filter((line) => line !== '');
}

/** An SDP's session lines, then each m-section's lines (its m-line first). */
function splitSections(sdp: string): { session: string[]; sections: string[][] } {
  const session: string[] = [];
  const sections: string[][] = [];
  for (const line of splitLines(sdp)) {
    if (line.startsWith('m=')) sections.push([line]);
    else (sections.at(-1) ?? session).push(line);
  }
  return { session, sections };
}

/**
 * Reads the m-sections of an SDP: kind, mid, port, direction, msid track id and codecs. With `codecs`, a media
 * section that offers none of the server's codecs of its kind counts as rejected: the server answers it rejected,
 * as LiveKit (pion) does a section without a codec in common.
 */
export function parseMediaSections(sdp: string, codecs?: ServerCodecs): MediaSection[] {
  return splitSections(sdp).sections.map((lines, index) => {
    const [kind = '', port = '0', , ...formats] = (lines[0] ?? '').slice(2).split(' ');
    const section: MediaSection = { index, kind, mid: undefined, port: Number(port), direction: 'sendrecv', trackId: undefined, rejected: false, formats, rtpmap: {} };
    let bundleOnly = false;
    for (const line of lines) {
      if (line.startsWith('a=mid:')) {
        section.mid = line.slice('a=mid:'.length).trim();
      } else if (line.startsWith('a=msid:')) {
        section.trackId ??= line.slice('a=msid:'.length).trim().split(' ')[1];
      } else if (line.startsWith('a=rtpmap:')) {
        const [pt = '', codec = ''] = line.slice('a=rtpmap:'.length).trim().split(' ');
        section.rtpmap[pt] = codec;
      } else if (line.trim() === 'a=bundle-only') {
        bundleOnly = true;
      } else if (line.startsWith('a=') && DIRECTIONS.has(line.slice(2).trim())) {
        section.direction = line.slice(2).trim() as MediaSection['direction'];
      }
    }
    const names = codecs?.[kind]?.map((name) => name.toLowerCase());
    const common = !names || Object.values(section.rtpmap).some((codec) => names.includes(codec.split('/')[0]!.toLowerCase()));
    section.rejected = (section.port === 0 && !bundleOnly) || !common;
    return section;
  });
}

/**
 * The offer as werift should apply it. werift negotiates codecs on every media section, rejected or not, and
 * throws `negotiate codecs failed.` (failing the whole offer) on one without a codec of its own: Firefox writes
 * each section it rejected, or whose answer rejected it, as `m=audio 0 … 0` with PCMU alone (video: VP8 alone).
 * A rejected section is handed to werift inactive, with the server's codec of its kind (`rtpmap`, e.g.
 * `opus/48000/2`) on its first payload type and nothing it would send or receive; {@link prepareAnswerSdp}
 * answers it rejected, in the offer's terms.
 *
 * A simulcast section (`a=simulcast`) goes to werift without its `a=ssrc` lines, as Chrome offers one: given an
 * ssrc, werift routes that ssrc to a track of its own beside the rid layers, and the forwarding took that one
 * track for the whole camera. Firefox lists its layers' ssrcs.
 */
export function offerForWerift(sdp: string, sections: readonly MediaSection[], rtpmap: Readonly<Record<string, string>>): string {
  const { session, sections: bodies } = splitSections(sdp);
  const out = bodies.map((lines, index) => {
    const section = sections[index];
    const codec = rtpmap[section?.kind ?? ''];
    if (!section?.rejected && lines.some((line) => line.startsWith('a=simulcast:'))) {
      return lines.filter((line) => !line.startsWith('a=ssrc:') && !line.startsWith('a=ssrc-group:'));
    }
    if (!section?.rejected || !codec) return lines;
    const pt = section.formats[0] ?? '0';
    const [, port = '0', proto = ''] = (lines[0] ?? '').slice(2).split(' ');
    const kept = lines.slice(1).filter((line) => !REJECTED_DROP.test(line) && !(line.startsWith('a=') && DIRECTIONS.has(line.slice(2).trim())));
    return [`m=${section.kind} ${port} ${proto} ${pt}`, ...kept, `a=rtpmap:${pt} ${codec}`, 'a=inactive'];
  });
  return `${[...session, ...out.flat()].join('\r\n')}\r\n`;
}

/** What a rejected section loses before werift reads it: its codecs and what it would send or receive. */
const REJECTED_DROP = /^a=(rtpmap|fmtp|rtcp-fb|msid|ssrc|ssrc-group|rid|simulcast|extmap)[:\s]|^a=bundle-only$/;

/** True when the section's sender direction includes sending from the offerer. */
export function offersToSend(section: MediaSection): boolean {
  return !section.rejected && (section.direction === 'sendonly' || section.direction === 'sendrecv');
}

/**
 * The section each publication not yet negotiated sends on, by cid: the sending section whose msid track id is its
 * cid, as Chrome and Safari write it; else, as LiveKit does (`ParticipantImpl.getPendingTrack`: "MediaStreamTrack
 * can change client id when transceiver is added to peer connection"), the first sending section of its kind that
 * no publication holds or names. Firefox's msid names the transceiver, never the track's id.
 */
export function sendersOf(
  publications: readonly { cid: string; kind: string; mid: string | undefined; sdpTrackId: string | undefined }[],
  sections: readonly MediaSection[],
): Map<string, MediaSection> {
  const negotiated = publications.filter((p) => p.mid !== undefined);
  const pending = publications.filter((p) => p.mid === undefined);
  const heldMids = new Set(negotiated.map((p) => p.mid));
  const named = new Set([...negotiated.map((p) => p.sdpTrackId ?? p.cid), ...pending.map((p) => p.cid)]);
  const free = sections.filter((s) => offersToSend(s) && s.mid !== undefined && !heldMids.has(s.mid));
  const found = new Map<string, MediaSection>();
  const take = (section: MediaSection | undefined, cid: string) => {
    if (!section) return;
    found.set(cid, section);
    free.splice(free.indexOf(section), 1);
  };
  for (const { cid } of pending) take(free.find((s) => s.trackId === cid), cid);
  for (const { cid, kind } of pending) {
    if (!found.has(cid)) take(free.find((s) => s.kind === kind && !named.has(s.trackId ?? '')), cid);
  }
  return found;
}

function candidateAddress(line: string): string | undefined {
  // a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> ...
  return line.slice('a=candidate:'.length).split(' ')[4];
}

/**
 * Makes werift's answer acceptable to Chrome and Firefox and keeps it on the configured ICE hosts.
 *
 * - werift answers every m-section it will not use with port 0, which rejects it. Chrome then refuses the whole
 *   answer when the rejected section carries the BUNDLE tag, and Firefox stops the transceiver. Sections the
 *   offer did not reject, bundle-only ones (port 0) included, get port 9 back and stay inactive instead.
 * - A rejected section (see {@link MediaSection.rejected}) is answered rejected in the offer's terms: port 0, the
 *   offer's first payload type and codec, its mid, inactive; and its mid leaves the BUNDLE group (RFC 8843).
 * - Host candidates on addresses other than `iceHosts` are removed.
 */
export function prepareAnswerSdp(answer: string, offer: readonly MediaSection[], iceHosts: readonly string[]): string {
  const hosts = new Set(iceHosts);
  const rejectedMids = new Set(offer.flatMap((s) => (s.rejected && s.mid !== undefined ? [s.mid] : [])));
  const { session, sections } = splitSections(answer);
  const head = session.map((line) =>
    line.startsWith('a=group:BUNDLE') ? ['a=group:BUNDLE', ...line.slice('a=group:BUNDLE'.length).trim().split(' ').filter((mid) => mid && !rejectedMids.has(mid))].join(' ') : line,
  );
  const body = sections.flatMap((lines, index) => {
    const offered = offer[index];
    const [, , proto = ''] = (lines[0] ?? '').slice(2).split(' ');
    if (offered?.rejected && offered.kind !== 'application') {
      const pt = offered.formats[0] ?? '0';
      const codec = offered.rtpmap[pt];
      return [
        `m=${offered.kind} 0 ${proto} ${pt}`,
        'c=IN IP4 0.0.0.0',
        ...(codec ? [`a=rtpmap:${pt} ${codec}`] : []),
        ...(offered.mid !== undefined ? [`a=mid:${offered.mid}`] : []),
        'a=inactive',
      ];
    }
    return lines.flatMap((line) => {
      if (line.startsWith('m=') && offered && !offered.rejected) return [line.replace(/^m=(\S+) 0 /, 'm=$1 9 ')];
      if (line.startsWith('a=candidate:')) {
        const address = candidateAddress(line);
        return address !== undefined && hosts.has(address) ? [line] : [];
      }
      return [line];
    });
  });
  return `${[...head, ...body].join('\r\n')}\r\n`;
}

/** Whether an ICE candidate (from a trickle) is one werift can use: not an mDNS `.local` name. */
export function isResolvableCandidate(candidate: string): boolean {
  const address = candidate.replace(/^a=/, '').replace(/^candidate:/, '').split(' ')[4];
  return address !== undefined && !address.endsWith('.local');
}
