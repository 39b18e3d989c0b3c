declare const process: { env: { NODE_ENV?: string } } | undefined;

const warned = new Set<string>();

/** @internal A development-only warning, printed once per message. Bundlers strip it in production. */
export function devWarn(message: string): void {
  if (typeof process !== 'undefined' && process.env.NODE_ENV === 'production') return;
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`[RoomKit] ${message}`);
}

/** @internal Joins class names, skipping empty ones. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/** @internal `''` for a true flag, so `data-x={flag(v)}` is present or absent, never "false". */
export function flag(value: boolean): '' | undefined {
  return value ? '' : undefined;
}
