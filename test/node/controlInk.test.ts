/**
 * The blank-control check's pixel count (.storybook/controlInk.ts), on drawn pictures: a bordered box with nothing in
 * it, the same box with an icon, a filled (pressed) box with and without one, and a box that only partly shows.
 */
import { describe, expect, it } from 'vitest';
import { BORDER_INSET, inkIn, type Picture } from '../../.storybook/controlInk.ts';

type RGB = [number, number, number];
const SURFACE: RGB = [241, 243, 245];
const BORDER: RGB = [134, 142, 150];
const INK: RGB = [29, 32, 38];
const ACCENT: RGB = [11, 92, 173];

/** A 100×60 picture of the bar's surface with, at (10, 10), a 70×46 control: a 1 px border around `fill`. */
function bar(fill: RGB = SURFACE): Picture & { set: (x: number, y: number, c: RGB) => void } {
  const width = 100;
  const height = 60;
  const data = new Uint8Array(width * height * 4);
  const set = (x: number, y: number, c: RGB) => data.set([...c, 255], (y * width + x) * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) set(x, y, SURFACE);
  for (let y = 10; y < 56; y++) {
    for (let x = 10; x < 80; x++) set(x, y, x === 10 || x === 79 || y === 10 || y === 55 ? BORDER : fill);
  }
  return { width, height, data, set };
}
const CONTROL = { x: 10, y: 10, width: 70, height: 46 };

/** An 18×18 outline square, as an icon's stroke, in the middle of the control. */
function icon(picture: ReturnType<typeof bar>) {
  for (let i = 0; i < 18; i++) {
    for (const [x, y] of [[36 + i, 24], [36 + i, 41], [36, 24 + i], [53, 24 + i]] as const) picture.set(x, y, INK);
  }
}

describe('inkIn', () => {
  it('a box with a border and nothing in it shows no ink: its border is left out', () => {
    const result = inkIn(bar(), CONTROL);
    expect(result).toEqual({ ink: 0, area: (70 - 2 * BORDER_INSET) * (46 - 2 * BORDER_INSET), fill: '#f1f3f5' });
  });

  it("an icon's pixels are ink", () => {
    const picture = bar();
    icon(picture);
    expect(inkIn(picture, CONTROL).ink).toBe(68);
  });

  it('a pressed box is judged against its own fill: blank without an icon, inked with one', () => {
    const pressed = bar(ACCENT);
    expect(inkIn(pressed, CONTROL)).toMatchObject({ ink: 0, fill: '#0b5cad' });
    icon(pressed);
    expect(inkIn(pressed, CONTROL).ink).toBe(68);
  });

  it('a colour near the fill (anti-aliasing, a hover shade) is not ink', () => {
    const picture = bar();
    picture.set(40, 30, [230, 232, 236]);
    expect(inkIn(picture, CONTROL).ink).toBe(0);
  });

  it('fractional boxes round inwards, and only the part inside the picture counts', () => {
    expect(inkIn(bar(), { x: 9.5, y: 9.5, width: 71, height: 47 }).area).toBe((80 - 2 - 12) * (56 - 2 - 12));
    expect(inkIn(bar(), { x: 60, y: 10, width: 70, height: 46 }).area).toBe((100 - 62) * 42);
    expect(inkIn(bar(), { x: 200, y: 10, width: 70, height: 46 })).toEqual({ ink: 0, area: 0, fill: '' });
  });
});
