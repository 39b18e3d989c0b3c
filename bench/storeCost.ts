/**
 * The room store's cost per event, in Node: a simulated room with N remote participants, its store subscribed
 * (one listener that reads the snapshot, as every hook does), and `setSpeaking` + flush repeated many times:
 * livekit-client's speaker update, the store's dirty tracking, re-read and notification. Median over batches,
 * then over five interleaved runs per size.
 */
import { getRoomStore } from '../src/room/state/roomStore';
import { createTestRoom } from '../src/testing/index';
import { setLogLevel } from 'livekit-client';

export interface StoreCost {
  participants: number;
  /** median ns per event (one setSpeaking + flush) */
  nsPerEvent: number;
}

function measureOnce(participants: number, batches: number, perBatch: number): StoreCost {
  const room = createTestRoom({ participants });
  const store = getRoomStore(room);
  let notified = 0;
  const unsubscribe = store.subscribe(() => {
    store.getState();
    notified++;
  });
  // Speakers come and go among the first 50 participants.
  let i = 0;
  const event = () => {
    const n = (i >> 1) % 50;
    room.setSpeaking(`participant-${n + 1}`, (i & 1) === 0);
    i++;
  };
  for (let w = 0; w < 4000; w++) event();
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    const t0 = process.hrtime.bigint();
    for (let k = 0; k < perBatch; k++) event();
    samples.push(Number(process.hrtime.bigint() - t0) / perBatch);
  }
  unsubscribe();
  void room.disconnect();
  if (notified < batches * perBatch) throw new Error(`the store notified ${notified} times for ${batches * perBatch} events`);
  samples.sort((a, b) => a - b);
  return { participants, nsPerEvent: Math.round(samples[Math.floor(samples.length / 2)]!) };
}

export interface StoreCostResult {
  at100: StoreCost;
  at1000: StoreCost;
  eventCostRatio: number;
}

export function runStoreCost(): StoreCostResult {
  setLogLevel('silent');
  // Interleave the sizes, swapping which goes first, so drift in machine load hits both alike; keep the
  // median of each.
  const runs: Record<number, number[]> = { 100: [], 1000: [] };
  for (let r = 0; r < 5; r++) {
    for (const n of r % 2 ? [1000, 100] : [100, 1000]) runs[n]!.push(measureOnce(n, 60, 250).nsPerEvent);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const at100 = { participants: 100, nsPerEvent: med(runs[100]!) };
  const at1000 = { participants: 1000, nsPerEvent: med(runs[1000]!) };
  return { at100, at1000, eventCostRatio: Math.round((at1000.nsPerEvent / at100.nsPerEvent) * 100) / 100 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Run by bench/run.ts in a process of its own (a clean heap, no bundler work before it): one JSON line.
  console.log(`STORE ${JSON.stringify(runStoreCost())}`);
  process.exit(0);
}
