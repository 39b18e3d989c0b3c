/**
 * The stories' picture comparison (.storybook/pictureMatch.ts), on real PNG files in a temporary folder: the byte
 * path, the pixel path, settling, mismatches and what each update mode writes. The capture is a list of pictures
 * the page would give, in turn.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comparePictures, matchPicture, type MatchOptions, type UpdateMode } from '../../.storybook/pictureMatch.ts';

const COMPARISON = { threshold: 0.1, allowedMismatchedPixels: 0 };

/** A 40×30 PNG of one colour, with `spot` pixels of another at the start; zlib `level` (0: stored, not compressed) changes the bytes only. */
function png(colour: [number, number, number], { spot = 0, spotColour = [0, 0, 0], level = 6, width = 40, height = 30 } = {}) {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    const c = i < spot ? spotColour : colour;
    image.data.set([...c, 255], i * 4);
  }
  return PNG.sync.write(image, { deflateLevel: level });
}

const GREY = png([128, 128, 128]);
/** The same pixels as GREY in other bytes. */
const GREY_OTHER_BYTES = png([128, 128, 128], { level: 0 });
/** One shade off GREY: within the threshold. */
const GREY_NEAR = png([129, 128, 128]);
const GREY_SPOTTED = png([128, 128, 128], { spot: 7 });
const BLUE = png([0, 0, 255]);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roomkit-pictures-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function setup(pictures: Buffer[], { reference, update = 'none' as UpdateMode, stableMs = 10_000 }: { reference?: Buffer; update?: UpdateMode; stableMs?: number }) {
  const paths = {
    reference: join(dir, 'baselines', 'story-light.png'),
    diffs: { reference: join(dir, 'diffs', 'story-light-reference.png'), actual: join(dir, 'diffs', 'story-light-actual.png'), diff: join(dir, 'diffs', 'story-light-diff.png') },
  };
  let taken = 0;
  const options: MatchOptions = {
    // The last picture repeats: the page holds still there.
    capture: async () => pictures[Math.min(taken++, pictures.length - 1)]!,
    paths,
    comparison: COMPARISON,
    update,
    stableMs,
  };
  if (reference) {
    await mkdir(join(dir, 'baselines'), { recursive: true });
    await writeFile(paths.reference, reference);
  }
  return { options, paths, taken: () => taken };
}

describe('matchPicture', () => {
  it('passes a picture that is its baseline byte for byte, from one capture', async () => {
    const { options, taken } = await setup([GREY], { reference: GREY });
    await expect(matchPicture(options)).resolves.toEqual({ pass: true, outcome: 'same-bytes' });
    expect(taken()).toBe(1);
    expect(existsSync(join(dir, 'diffs'))).toBe(false);
  });

  it('passes the same pixels in other bytes, and -u gives the baseline the new bytes', async () => {
    const check = await setup([GREY], { reference: GREY_OTHER_BYTES });
    await expect(matchPicture(check.options)).resolves.toEqual({ pass: true, outcome: 'matched' });
    expect((await readFile(check.paths.reference)).equals(GREY_OTHER_BYTES)).toBe(true);

    const update = await setup([GREY], { reference: GREY_OTHER_BYTES, update: 'all' });
    await expect(matchPicture(update.options)).resolves.toEqual({ pass: true, outcome: 'matched' });
    expect((await readFile(update.paths.reference)).equals(GREY)).toBe(true);
  });

  it('passes pixels within the threshold, and -u leaves that baseline as it was', async () => {
    const { options, paths } = await setup([GREY_NEAR], { reference: GREY, update: 'all' });
    await expect(matchPicture(options)).resolves.toEqual({ pass: true, outcome: 'matched' });
    expect((await readFile(paths.reference)).equals(GREY)).toBe(true);
  });

  it('takes pictures until two in a row match, then compares the last with the baseline', async () => {
    const { options, taken } = await setup([BLUE, GREY_SPOTTED, GREY_OTHER_BYTES], { reference: GREY });
    await expect(matchPicture(options)).resolves.toEqual({ pass: true, outcome: 'matched-after-settling' });
    // BLUE and the spotted grey differ, the spotted and the plain grey differ, the plain grey twice is still.
    expect(taken()).toBe(4);
  });

  it('fails a picture that differs, with the baseline, the picture and the difference left for review', async () => {
    const { options, paths } = await setup([GREY_SPOTTED], { reference: GREY });
    const result = await matchPicture(options);
    expect(result).toEqual({ pass: false, outcome: 'mismatch', message: expect.stringMatching(/^7 pixels differ from the baseline .*story-light\.png\)\. The difference is drawn in .*story-light-diff\.png\.$/) });
    expect((await readFile(paths.diffs.reference)).equals(GREY)).toBe(true);
    expect((await readFile(paths.diffs.actual)).equals(GREY_SPOTTED)).toBe(true);
    const diff = PNG.sync.read(await readFile(paths.diffs.diff));
    expect([diff.width, diff.height]).toEqual([40, 30]);
    // pixelmatch draws the differing pixels red.
    expect([...diff.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect((await readFile(paths.reference)).equals(GREY)).toBe(true);
  });

  it('names both sizes when the picture is not the baseline size', async () => {
    const { options, paths } = await setup([png([128, 128, 128], { height: 31 })], { reference: GREY });
    await expect(matchPicture(options)).resolves.toEqual({
      pass: false,
      outcome: 'mismatch',
      message: 'Expected image dimensions to be 40×30px, but received 40×31px.',
    });
    expect(existsSync(paths.diffs.diff)).toBe(false);
  });

  it('with -u, writes the picture that differs as the new baseline', async () => {
    const { options, paths } = await setup([GREY_SPOTTED], { reference: GREY, update: 'all' });
    await expect(matchPicture(options)).resolves.toEqual({ pass: true, outcome: 'written' });
    expect((await readFile(paths.reference)).equals(GREY_SPOTTED)).toBe(true);
  });

  it('fails when the page never holds still within its bound', async () => {
    const pictures = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? BLUE : GREY_SPOTTED));
    const { options } = await setup(pictures, { reference: GREY, stableMs: 100 });
    await expect(matchPicture(options)).resolves.toEqual({ pass: false, outcome: 'unstable', message: 'Could not take two pictures in a row that match within 100 ms.' });
  });

  it('without a baseline: writes one and fails by default, writes and passes with -u, writes none in CI', async () => {
    const byDefault = await setup([GREY], { update: 'new' });
    await expect(matchPicture(byDefault.options)).resolves.toMatchObject({ pass: false, outcome: 'missing', message: expect.stringContaining('one was written. Review it') });
    expect((await readFile(byDefault.paths.reference)).equals(GREY)).toBe(true);
    await rm(join(dir, 'baselines'), { recursive: true });

    const updating = await setup([GREY], { update: 'all' });
    await expect(matchPicture(updating.options)).resolves.toEqual({ pass: true, outcome: 'written' });
    expect((await readFile(updating.paths.reference)).equals(GREY)).toBe(true);
    await rm(join(dir, 'baselines'), { recursive: true });

    const ci = await setup([GREY], { update: 'none' });
    await expect(matchPicture(ci.options)).resolves.toMatchObject({ pass: false, outcome: 'missing', message: expect.stringContaining('the picture taken is at') });
    expect(existsSync(ci.paths.reference)).toBe(false);
    expect((await readFile(ci.paths.diffs.actual)).equals(GREY)).toBe(true);
  });
});

describe('comparePictures (test:visual:update keeps or puts back a baseline by it)', () => {
  it('tells the same pixels, pixels the story test would pass, and a change apart', () => {
    expect(comparePictures(GREY, GREY)).toBe('same pixels');
    expect(comparePictures(GREY_OTHER_BYTES, GREY)).toBe('same pixels');
    expect(comparePictures(GREY, GREY_NEAR)).toBe('same to the test');
    expect(comparePictures(GREY, GREY_SPOTTED)).toBe('changed');
    expect(comparePictures(GREY, png([128, 128, 128], { height: 31 }))).toBe('changed');
  });

  it('follows the comparison it is given', () => {
    expect(comparePictures(GREY, GREY_SPOTTED, { threshold: 0.1, allowedMismatchedPixels: 7 })).toBe('same to the test');
    expect(comparePictures(GREY, GREY_NEAR, { threshold: 0, allowedMismatchedPixels: 0 })).toBe('changed');
  });
});
