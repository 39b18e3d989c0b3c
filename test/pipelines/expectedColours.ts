/**
 * What a user of `@roomkit/react/styles.css` should see, whatever CSS pipeline their app runs: the colours
 * `src/styles.css` documents for its variables (light and dark), and which element of the states page
 * (vite-app/States.tsx) shows which of them. The Vite, PostCSS and raw-file checks (pipelines.test.ts) and the
 * Next.js check (../nextjs-app/nextjs.test.ts) all compare against this one table.
 */

export type Scheme = 'light' | 'dark';

/** The documented colours, as written in src/styles.css's variable declarations (lower-case #rrggbb). */
export const DOCUMENTED_COLOURS = {
  '--rk-bg': { light: '#ffffff', dark: '#121417' }, // background of the conference and of inputs
  '--rk-surface': { light: '#f1f3f5', dark: '#1d2025' }, // background of buttons
  '--rk-text': { light: '#1a1d21', dark: '#f1f3f5' }, // body text
  '--rk-border': { light: '#c5ccd4', dark: '#3d434c' }, // borders of buttons and inputs
  '--rk-accent': { light: '#0b5cad', dark: '#5aa8ff' }, // primary actions and pressed toggles
  '--rk-accent-text': { light: '#ffffff', dark: '#0b0d10' },
  '--rk-danger': { light: '#b3261e', dark: '#ff8a80' }, // the leave button
  '--rk-danger-text': { light: '#ffffff', dark: '#0b0d10' },
  '--rk-speaking': { light: '#1f8a4c', dark: '#4cd387' }, // outline of a speaking participant's tile
  '--rk-focus': { light: '#0b5cad', dark: '#8ec5ff' }, // focus ring of keyboard-focused controls
} as const satisfies Record<string, Record<Scheme, string>>;

export type Variable = keyof typeof DOCUMENTED_COLOURS;

/** An element of the states page, found as a user finds it: by role and accessible name, inside `scope`. */
export interface StateElement {
  scope: '.rk-prejoin' | '.rk-conference';
  role: 'button' | 'textbox' | 'group';
  name: string;
}

/** Computed properties the checks read (CSSStyleDeclaration names); colours are compared as #rrggbb. */
export type Property = 'backgroundColor' | 'borderColor' | 'borderStyle' | 'color' | 'outlineColor' | 'outlineStyle' | 'outlineWidth';

/** What one element shows: each property, a documented variable's colour or a fixed value. */
export interface Expectation {
  element: StateElement;
  /** Read while the element has keyboard focus (`:focus-visible`, reached with Tab). */
  focused?: true;
  /**
   * A ring the stylesheet may draw on the element's `::after`, a layer above its content (the tile's speaking ring,
   * over a mirrored self-view): where the element draws no outline of its own and its `::after` is a box, that
   * box's outline is what the user sees, and what is read.
   */
  ring?: true;
  shows: Partial<Record<Property, Variable | { fixed: string }>>;
}

const solid = { fixed: 'solid' };
const ring = { fixed: '3px' };

/** The table, keyed by what a user would call each element. */
export const EXPECTATIONS: Record<string, Expectation> = {
  'PreJoin name input': {
    element: { scope: '.rk-prejoin', role: 'textbox', name: 'Display name' },
    shows: { backgroundColor: '--rk-bg', borderStyle: solid, borderColor: '--rk-border', color: '--rk-text' },
  },
  'PreJoin Test connection (a plain .rk-button)': {
    element: { scope: '.rk-prejoin', role: 'button', name: 'Test connection' },
    shows: { backgroundColor: '--rk-surface', borderStyle: solid, borderColor: '--rk-border', color: '--rk-text' },
  },
  'PreJoin Test connection, focused by Tab (focus ring)': {
    element: { scope: '.rk-prejoin', role: 'button', name: 'Test connection' },
    focused: true,
    shows: { outlineStyle: solid, outlineWidth: ring, outlineColor: '--rk-focus' },
  },
  'PreJoin Join (primary)': {
    element: { scope: '.rk-prejoin', role: 'button', name: 'Join' },
    shows: { backgroundColor: '--rk-accent', borderColor: '--rk-accent', color: '--rk-accent-text' },
  },
  'PreJoin Microphone on (a pressed toggle)': {
    element: { scope: '.rk-prejoin', role: 'button', name: 'Microphone' },
    shows: { backgroundColor: '--rk-accent', borderColor: '--rk-accent', color: '--rk-accent-text' },
  },
  'meeting bar Camera off (a toggle, not pressed)': {
    element: { scope: '.rk-conference', role: 'button', name: 'Camera' },
    shows: { backgroundColor: '--rk-surface', borderStyle: solid, borderColor: '--rk-border', color: '--rk-text' },
  },
  'meeting bar Microphone on (a pressed toggle)': {
    element: { scope: '.rk-conference', role: 'button', name: 'Microphone' },
    shows: { backgroundColor: '--rk-accent', borderColor: '--rk-accent', color: '--rk-accent-text' },
  },
  'meeting bar Leave': {
    element: { scope: '.rk-conference', role: 'button', name: 'Leave' },
    shows: { backgroundColor: '--rk-danger', borderColor: '--rk-danger', color: '--rk-danger-text' },
  },
  "Grace's tile while she speaks (data-speaking)": {
    element: { scope: '.rk-conference', role: 'group', name: 'Grace' },
    ring: true,
    shows: { outlineStyle: solid, outlineWidth: ring, outlineColor: '--rk-speaking' },
  },
};

/** The four ways a theme is chosen, and the scheme a user should then see. */
export interface ThemeMode {
  name: string;
  /** The system preference (Chromium's `prefers-color-scheme` emulation). */
  system: Scheme;
  /** `data-rk-theme` on the element around the prefabs, or none. */
  theme?: Scheme;
  sees: Scheme;
}

export const THEME_MODES: ThemeMode[] = [
  { name: 'system light', system: 'light', sees: 'light' },
  { name: 'system dark', system: 'dark', sees: 'dark' },
  { name: 'data-rk-theme="dark" under a light system', system: 'light', theme: 'dark', sees: 'dark' },
  { name: 'data-rk-theme="light" under a dark system', system: 'dark', theme: 'light', sees: 'light' },
];

/** The table's values for `scheme`: element name → property → expected value (colours as #rrggbb). */
export function expectedFor(scheme: Scheme): Record<string, Partial<Record<Property, string>>> {
  return Object.fromEntries(
    Object.entries(EXPECTATIONS).map(([name, { shows }]) => [
      name,
      Object.fromEntries(Object.entries(shows).map(([property, value]) => [property, typeof value === 'string' ? DOCUMENTED_COLOURS[value][scheme] : value.fixed])),
    ]),
  );
}
