/** What the server needs to know about one m-section of a client's offer. */
export interface MediaSection {
  index: number;
  kind: string;
  mid: string | undefined;
  port: number;
  direction: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
  /** The msid's track id: for a section the client sends on, the `cid` of its AddTrackRequest. */
  trackId: string | undefined;
}

const DIRECTIONS = new Set(['sendrecv', 'sendonly', 'recvonly', 'inactive']);

function splitLines(sdp: string): string[] {
  return sdp.split(/\r?\n/).filter((line) => line !== '');
}

/** Reads the m-sections of an SDP: kind, mid, port, direction and msid track id. */
export function parseMediaSections(sdp: string): MediaSection[] {
  const sections: MediaSection[] = [];
  let current: MediaSection | undefined;
  for (const line of splitLines(sdp)) {
    if (line.startsWith('m=')) {
      const [kind = '', port = '0'] = line.slice(2).split(' ');
      current = { index: sections.length, kind, mid: undefined, port: Number(port), direction: 'sendrecv', trackId: undefined };
      sections.push(current);
    } else if (current && line.startsWith('a=mid:')) {
      current.mid = line.slice('a=mid:'.length).trim();
    } else if (current && line.startsWith('a=msid:')) {
      current.trackId ??= line.slice('a=msid:'.length).trim().split(' ')[1];
    } else if (current && line.startsWith('a=') && DIRECTIONS.has(line.slice(2).trim())) {
      current.direction = line.slice(2).trim() as MediaSection['direction'];
    }
  }
  return sections;
}

/** True when the section's sender direction includes sending from the offerer. */
export function offersToSend(section: MediaSection): boolean {
  return section.port !== 0 && (section.direction === 'sendonly' || section.direction === 'sendrecv');
}

function candidateAddress(line: string): string | undefined {
  // a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> ...
  return line.slice('a=candidate:'.length).split(' ')[4];
}

/**
 * Makes werift's answer acceptable to Chrome and keeps it on the configured ICE hosts.
 *
 * - werift answers every m-section it will not use with port 0, which rejects it. Chrome then refuses the whole
 *   answer when the rejected section carries the BUNDLE tag. Sections the client offered with a real port get
 *   port 9 back and stay inactive instead.
 * - Host candidates on addresses other than `iceHosts` are removed.
 */
export function prepareAnswerSdp(answer: string, offer: readonly MediaSection[], iceHosts: readonly string[]): string {
  const hosts = new Set(iceHosts);
  let sectionIndex = -1;
  const lines = splitLines(answer).flatMap((line) => {
    if (line.startsWith('m=')) {
      sectionIndex += 1;
      const offered = offer[sectionIndex];
      const match = /^m=(\S+) 0 /.exec(line);
      if (match && offered && offered.port !== 0) return [line.replace(/^m=(\S+) 0 /, 'm=$1 9 ')];
      return [line];
    }
    if (line.startsWith('a=candidate:')) {
      const address = candidateAddress(line);
      return address !== undefined && hosts.has(address) ? [line] : [];
    }
    return [line];
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** Whether an ICE candidate (from a trickle) is one werift can use: not an mDNS `.local` name. */
export function isResolvableCandidate(candidate: string): boolean {
  const address = candidate.replace(/^a=/, '').replace(/^candidate:/, '').split(' ')[4];
  return address !== undefined && !address.endsWith('.local');
}
