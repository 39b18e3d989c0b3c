/**
 * Audio at or above this level counts as speech: -50 dBov. The RTP audio-level extension carries the level
 * as -dBov, 0 (loudest) to 127 (silence).
 */
export const SPEAKING_THRESHOLD_DBOV = 50;
/** How long a participant stays "speaking" after the last loud packet, so short pauses do not flicker. */
export const SPEAKING_HOLD_MS = 1200;

/** Linear amplitude (0..1) of a level in -dBov. */
export function amplitudeFromDbov(dbov: number): number {
  return 10 ** (-dbov / 20);
}

/** Tracks whether one audio track carries speech, from the audio level of each RTP packet. */
export class AudioActivity {
  private lastLoudAt = Number.NEGATIVE_INFINITY;
  private spellStartedAt = Number.NEGATIVE_INFINITY;
  private peak = 0;
  private peakAt = Number.NEGATIVE_INFINITY;

  /**
   * Records one packet. `dbov` is undefined when the client sends no audio-level extension; the packet itself
   * then counts as activity (Opus DTX sends few packets in silence).
   */
  record(dbov: number | undefined, now: number): void {
    const amplitude = dbov === undefined ? 0.5 : amplitudeFromDbov(dbov);
    if (amplitude < amplitudeFromDbov(SPEAKING_THRESHOLD_DBOV)) return;
    if (now - this.lastLoudAt > SPEAKING_HOLD_MS) this.spellStartedAt = now;
    this.lastLoudAt = now;
    if (amplitude >= this.peak || now - this.peakAt > SPEAKING_HOLD_MS) {
      this.peak = amplitude;
      this.peakAt = now;
    }
  }

  /** When the current spell of speech began (its first loud packet, epoch ms), or null when not speaking at `now`. */
  speakingSince(now: number): number | null {
    return now - this.lastLoudAt <= SPEAKING_HOLD_MS ? this.spellStartedAt : null;
  }

  /** The speaking level (0..1) at `now`; 0 when the track is not speaking. */
  level(now: number): number {
    return now - this.lastLoudAt <= SPEAKING_HOLD_MS ? this.peak : 0;
  }
}

/** A speaker as LiveKit announces it: level 0..1, rounded so tiny changes do not produce updates. */
export interface SpeakerLevel {
  sid: string;
  level: number;
}

/**
 * The changes between two sets of active speakers (sid → level): entries that started or stopped speaking, or
 * whose level moved by at least 0.1.
 */
export function speakerChanges(
  previous: ReadonlyMap<string, number>,
  next: ReadonlyMap<string, number>,
): { sid: string; level: number; active: boolean }[] {
  const changes: { sid: string; level: number; active: boolean }[] = [];
  for (const [sid, level] of next) {
    const before = previous.get(sid);
    if (before === undefined || Math.abs(before - level) >= 0.1) changes.push({ sid, level, active: true });
  }
  for (const sid of previous.keys()) {
    if (!next.has(sid)) changes.push({ sid, level: 0, active: false });
  }
  return changes;
}
