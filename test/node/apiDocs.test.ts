import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { errorFixes } from '../../scripts/api-docs/errorFixes';
import { createProgram, extractEntry } from '../../scripts/api-docs/extract';
import { cssVariables, errorCodes } from '../../scripts/api-docs/reference';
import { mdText } from '../../scripts/api-docs/render';

const root = resolve(import.meta.dirname, '../..');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'api-docs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('reads each export with its summary, signature, members and indented examples; an undocumented one has no summary', () => {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler' } }));
  writeFileSync(
    join(dir, 'index.ts'),
    [
      '/** Options of {@link greet}. */',
      'export interface GreetOptions {',
      '  /** Shout it. @default false */',
      '  loud?: boolean;',
      '}',
      '/**',
      ' * Greets someone.',
      ' *',
      ' * @throws {Error} when `name` is empty.',
      ' * @example',
      ' * ```ts',
      ' * if (ok) {',
      " *   greet('Ada');",
      ' * }',
      ' * ```',
      ' */',
      'export function greet(name: string, options?: GreetOptions): string {',
      '  return options?.loud ? name.toUpperCase() : name;',
      '}',
      'export const undocumented = 1;',
    ].join('\n'),
  );
  const program = createProgram(dir, [join(dir, 'index.ts')]);
  const entries = extractEntry(program, join(dir, 'index.ts'), 'pkg', dir);
  const byName = Object.fromEntries(entries.map((e) => [e.name, e]));
  expect(Object.keys(byName).sort()).toEqual(['GreetOptions', 'greet', 'undocumented']);
  expect(byName.greet).toMatchObject({
    kind: 'function',
    summary: 'Greets someone.',
    signatures: ['function greet(name: string, options?: GreetOptions): string'],
    throws: ['{Error} when `name` is empty.'],
  });
  expect(byName.greet?.examples).toEqual(["```ts\nif (ok) {\n  greet('Ada');\n}\n```"]);
  expect(byName.GreetOptions?.members).toEqual([
    { name: 'loud', type: 'boolean', optional: true, summary: 'Shout it.', defaultValue: 'false' },
  ]);
  expect(byName.undocumented).toMatchObject({ kind: 'constant', summary: '' });
});

test('every RoomKitErrorCode has a cause and a fix; a missing fix is reported', () => {
  const file = join(root, 'src/room/RoomKitError.ts');
  const program = createProgram(root, [file]);
  const problems: string[] = [];
  const codes = errorCodes(program, file, errorFixes, problems);
  expect(problems).toEqual([]);
  expect(codes.map((c) => c.code)).toContain('api-key-in-browser');
  expect(codes.every((c) => c.cause && c.fix)).toBe(true);

  const { 'token-expired': _dropped, ...withoutOne } = errorFixes;
  errorCodes(program, file, withoutOne, problems);
  expect(problems).toEqual(["RoomKitErrorCode 'token-expired' has no fix in scripts/api-docs/errorFixes.ts"]);
});

test('CSS variables carry their comment and light/dark defaults; one without a comment is reported', () => {
  const css = join(dir, 'styles.css');
  writeFileSync(
    css,
    "@layer roomkit {\n  :root {\n    --rk-b: 4px;\n  }\n  :where(:root, [data-rk-theme='light']) {\n    --_rk-a: #fff; /* The background. */\n  }\n" +
      "  @media (prefers-color-scheme: dark) {\n    :root {\n      --_rk-a: rgb(0, 0, 0);\n    }\n  }\n  [data-rk-theme='dark'] {\n    --_rk-a: rgb(1, 1, 1);\n  }\n}\n",
  );
  const problems: string[] = [];
  const { variables, layers } = cssVariables(css, problems);
  expect(layers).toEqual(['roomkit']);
  expect(variables).toEqual([
    { name: '--rk-b', meaning: '', light: '4px', dark: '4px' },
    { name: '--rk-a', meaning: 'The background.', light: '#fff', dark: 'rgb(0, 0, 0)' },
  ]);
  expect(problems).toEqual([`CSS variable --rk-b has no comment in ${css} (write its meaning after the declaration)`]);
});

test('a stylesheet with light-dark() is reported: production builds lower it and lose the colours', () => {
  const css = join(dir, 'styles.css');
  writeFileSync(css, '@layer roomkit {\n  :root {\n    --rk-a: light-dark(#fff, #000); /* The background. */\n  }\n}\n');
  const problems: string[] = [];
  cssVariables(css, problems);
  expect(problems).toEqual([expect.stringContaining('uses light-dark()')]);
});

test('MDX text: braces and angle brackets are escaped outside code, links resolve', () => {
  const links = new Map([['useChat', '?path=/docs/x--docs']]);
  expect(mdText('Use {@link useChat } in <RoomProvider>, not `{ a: <b> }`.', links)).toBe(
    'Use [`useChat`](?path=/docs/x--docs) in \\<RoomProvider\\>, not `{ a: <b> }`.',
  );
});
