import { RoomKitError } from '../room/RoomKitError.js';

/**
 * A key combination, parsed by {@link parseShortcut}: which modifiers must be held (and no others) and which key
 * is pressed.
 */
export interface Shortcut {
  /** The key as written and shown: `'M'`, `'1'`, `'F5'`, `'Space'`, `'ArrowUp'`, `'Slash'`. */
  readonly key: string;
  /** The physical key it stands for (`KeyboardEvent.code`, named after its place on a US keyboard): `'KeyM'`, `'Digit1'`, `'Slash'`. */
  readonly code: string;
  readonly ctrl: boolean;
  /** Alt, which is Option (⌥) on Apple keyboards. */
  readonly alt: boolean;
  readonly shift: boolean;
  /** Meta: Command (⌘) on Apple keyboards, the Windows key elsewhere. */
  readonly meta: boolean;
}

/** Options of {@link parseShortcut}. */
export interface ParseShortcutOptions {
  /** Read `Mod` as Command (true) or Ctrl (false). Default: whether this device is an Apple one (macOS, iPadOS, iOS). */
  apple?: boolean;
}

/** The parts of a `KeyboardEvent` a {@link Shortcut} is matched against. */
export type ShortcutKeyEvent = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>;

const MODIFIERS: Record<string, 'ctrl' | 'alt' | 'shift' | 'meta' | 'mod'> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
  mod: 'mod',
};

/** Keys named by their `KeyboardEvent.code`, which is also how a combo writes them. */
const NAMED = 'Space Enter Escape Backspace Delete Home End PageUp PageDown ArrowUp ArrowDown ArrowLeft ArrowRight Slash Period Comma Semicolon Quote BracketLeft BracketRight Minus Equal Backquote Backslash'.split(' ');

/** The key's written name and its code, or undefined for a name no key has. */
function keyOf(name: string): [key: string, code: string] | undefined {
  const upper = name.toUpperCase();
  if (/^[A-Z]$/.test(upper)) return [upper, `Key${upper}`];
  if (/^\d$/.test(name)) return [name, `Digit${name}`];
  if (/^F([1-9]|1[0-2])$/.test(upper)) return [upper, upper];
  const named = NAMED.find((n) => n.toUpperCase() === upper);
  return named ? [named, named] : undefined;
}

/** @internal Whether this device has an Apple keyboard (macOS, iPadOS, iOS): Option and Command, shown as ⌥ and ⌘. */
export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const data = (navigator as { userAgentData?: { platform?: string } }).userAgentData;
  return /mac|iphone|ipad|ipod/i.test(data?.platform || navigator.platform || '');
}

/**
 * Reads a key combination such as `'Alt+Shift+M'`: modifiers (`Ctrl`, `Alt` or `Option`, `Shift`, `Meta`, `Cmd` or
 * `Command`, and `Mod`, which is Command on Apple devices and Ctrl elsewhere), then one key, joined by `+`, in any
 * case. Keys: a letter, a digit, F1–F12, `Space`, `Enter`, `Escape`, `Backspace`, `Delete`, `Home`, `End`,
 * `PageUp`, `PageDown`, the arrows (`ArrowUp`…), and signs by their `KeyboardEvent.code` (`Slash`, `Period`,
 * `Comma`, `Semicolon`, `Quote`, `BracketLeft`, `BracketRight`, `Minus`, `Equal`, `Backquote`, `Backslash`).
 *
 * Throws a `RoomKitError` with code `invalid-shortcut` whose message names the problem and the fix (`details.combo`
 * holds the text): nothing after the last `+` (`'Alt+'`), no key, a key RoomKit does not know, two keys, or a
 * modifier named twice. Check combos your users type with it before you pass them on.
 *
 * @example
 * ```ts
 * parseShortcut('Alt+Shift+M'); // { key: 'M', code: 'KeyM', alt: true, shift: true, ctrl: false, meta: false }
 * ```
 */
export function parseShortcut(combo: string, options: ParseShortcutOptions = {}): Shortcut {
  const fail = (problem: string, fix: string): never => {
    throw new RoomKitError('invalid-shortcut', `Shortcut "${combo}": ${problem}. ${fix}, e.g. "Alt+Shift+M".`, { details: { combo } });
  };
  const parts = combo.split('+').map((part) => part.trim());
  const held = { ctrl: false, alt: false, shift: false, meta: false };
  let found: [string, string] | undefined;
  for (const [i, part] of parts.entries()) {
    if (!part) fail(i === parts.length - 1 ? 'it names no key after the last "+"' : 'it has an empty part', 'Write modifiers and one key joined by "+"');
    const modifier = MODIFIERS[part.toLowerCase()];
    if (modifier) {
      const name = modifier === 'mod' ? ((options.apple ?? isApplePlatform()) ? 'meta' : 'ctrl') : modifier;
      if (held[name]) fail(`it names ${name} twice`, 'Name each modifier once');
      held[name] = true;
    } else {
      const key = keyOf(part);
      if (!key) fail(`"${part}" is not a key RoomKit knows`, `Use a letter, a digit, F1–F12 or ${NAMED.join(', ')}`);
      if (found) fail(`it names two keys, "${found[0]}" and "${part}"`, 'Name one key after the modifiers');
      found = key;
    }
  }
  if (!found) return fail('it names no key, only modifiers', 'End it with a key');
  return { key: found[0], code: found[1], ...held };
}

/**
 * Whether a key event is `shortcut`: the same modifiers held, no others, and the same key. A letter is matched as
 * the layout types it where that is a letter from A to Z (so `M` is the key marked M on an AZERTY keyboard too),
 * and by its place on the keyboard (`code`, the place of that letter on a US keyboard) where the layout types no
 * Latin letter or sign: a Cyrillic or Greek letter, or the special characters Option makes on a Mac (Option+Shift+M
 * types "Â"). Every other key is matched by its place.
 *
 * @example
 * ```ts
 * document.addEventListener('keydown', (event) => {
 *   if (matchesShortcut(event, parseShortcut('Alt+Shift+L'))) lowerAllHands();
 * });
 * ```
 */
export function matchesShortcut(event: ShortcutKeyEvent, shortcut: Shortcut): boolean {
  if (event.ctrlKey !== shortcut.ctrl || event.altKey !== shortcut.alt || event.shiftKey !== shortcut.shift || event.metaKey !== shortcut.meta) return false;
  const { key } = event;
  if (!shortcut.code.startsWith('Key')) return event.code === shortcut.code;
  return /^[a-z]$/i.test(key) ? key.toUpperCase() === shortcut.key : !/^[ -~]$/.test(key) && event.code === shortcut.code;
}

/**
 * The keys of `shortcut` in the order people say them (Ctrl, Alt, Shift, Meta, then the key), by the names
 * {@link parseShortcut} reads: `['Alt', 'Shift', 'M']`. A dialog shows each through `labels.keyName`.
 */
export function shortcutKeys(shortcut: Shortcut): string[] {
  return [...(['Ctrl', 'Alt', 'Shift', 'Meta'] as const).filter((m) => shortcut[m.toLowerCase() as 'ctrl']), shortcut.key];
}

/**
 * @internal Whether a key event's target is a place people type or pick with keys: an input, a textarea, a select,
 * editable content, or an element with the role textbox, searchbox, combobox or spinbutton.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as Element | null;
  return element?.nodeType === 1 && !!element.closest('input,textarea,select,[contenteditable]:not([contenteditable=false]),[role=textbox],[role=searchbox],[role=combobox],[role=spinbutton]');
}
