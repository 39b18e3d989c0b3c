import { Markdown } from '@storybook/addon-docs/blocks';
import type { CssVariableDoc, DataAttributeDoc, ErrorCodeDoc } from '../../scripts/api-docs/reference.js';
import type { MigrationRow } from './migration.js';
import { readmeForDocs } from './readmeLinks.js';

/**
 * Tables of the docs pages, rendered from data that cannot drift: `stories/docs/generated/reference.json` (written by
 * `scripts/api-docs.ts` from the sources) and `migration.ts` (checked against the installed components-react).
 */

/** The generated `reference.json`, as far as these tables read it. */
export interface ReferenceData {
  errorCodes: ErrorCodeDoc[];
  cssVariables: CssVariableDoc[];
  cssLayers: string[];
  dataAttributes: DataAttributeDoc[];
  links: Record<string, string>;
}

function cell(text: string): string {
  return text.replace(/\r?\n+/g, ' ').replace(/\|/g, '\\|');
}

function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

/** Every `RoomKitErrorCode` with its cause (its TSDoc) and fix. */
export function ErrorCodeTable({ reference }: { reference: ReferenceData }) {
  return <Markdown>{table(['Code', 'Cause', 'Fix'], reference.errorCodes.map((e) => [code(e.code), e.cause, e.fix]))}</Markdown>;
}

/** Every CSS variable of the default stylesheet with its meaning and light and dark defaults. */
export function CssVariableTable({ reference }: { reference: ReferenceData }) {
  return (
    <Markdown>
      {table(
        ['Variable', 'Meaning', 'Light default', 'Dark default'],
        reference.cssVariables.map((v) => [code(v.name), v.meaning, code(v.light), v.dark === v.light ? 'same' : code(v.dark)]),
      )}
    </Markdown>
  );
}

/** Every `data-*` attribute the components render, where, with which values. */
export function DataAttributeTable({ reference }: { reference: ReferenceData }) {
  return (
    <Markdown>
      {table(
        ['Attribute', 'Meaning', 'Values', 'On', 'Default CSS uses it'],
        reference.dataAttributes.map((a) => [
          code(a.name),
          a.meaning,
          a.values.map((v) => (v.startsWith('(') ? v.slice(1, -1) : code(v))).join(', '),
          a.on.map(code).join(', '),
          a.styled ? 'yes' : 'no',
        ]),
      )}
    </Markdown>
  );
}

/** The components-react → RoomKit table, with links to our API pages. */
export function MigrationTable({ rows, reference }: { rows: Record<string, MigrationRow>; reference: ReferenceData }) {
  const link = (name: string) => (reference.links[name] ? `[${code(name)}](${reference.links[name]})` : code(name));
  return (
    <Markdown>
      {table(
        ['@livekit/components-react', '@roomkit/react', 'How to migrate'],
        Object.entries(rows).map(([name, row]) => [
          code(name),
          row.ours ? row.ours.split(/,\s*/).map(link).join(', ') : 'none',
          row.note,
        ]),
      )}
    </Markdown>
  );
}

/** How many components-react exports have a RoomKit counterpart. */
export function migrationCoverage(rows: Record<string, MigrationRow>): { mapped: number; total: number } {
  const all = Object.values(rows);
  return { mapped: all.filter((r) => r.ours).length, total: all.length };
}

/**
 * The README, rendered as the docs site's front page. `pages` are the guide pages as
 * `import.meta.glob('./*.mdx', { query: '?raw', import: 'default', eager: true })` gives them (paths relative to
 * this folder), so that the README's links to them open them here.
 */
export function ReadmePage({ readme, pages }: { readme: string; pages: Record<string, string> }) {
  const byRepositoryPath = Object.fromEntries(Object.entries(pages).map(([path, text]) => [`stories/docs/${path.replace(/^\.\//, '')}`, text]));
  return <Markdown>{readmeForDocs(readme, byRepositoryPath)}</Markdown>;
}
