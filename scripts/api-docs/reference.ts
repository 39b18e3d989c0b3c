import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** One `RoomKitErrorCode` with its cause (the union member's TSDoc) and fix. */
export interface ErrorCodeDoc {
  code: string;
  cause: string;
  fix: string;
}

/** One CSS custom property of the default stylesheet. */
export interface CssVariableDoc {
  name: string;
  meaning: string;
  light: string;
  dark: string;
}

/** One `data-*` attribute a component renders. */
export interface DataAttributeDoc {
  name: string;
  meaning: string;
  /** `rk-` classes (or components) of the elements that carry it. */
  on: string[];
  /** Enumerated values, or `(present or absent)` for a flag. */
  values: string[];
  /** The attribute appears in a selector of the default stylesheet. */
  styled: boolean;
}

/** Reads the members of the `RoomKitErrorCode` union and their TSDoc; every one needs a fix. */
export function errorCodes(program: ts.Program, file: string, fixes: Record<string, string>, problems: string[]): ErrorCodeDoc[] {
  const source = program.getSourceFile(file);
  const alias = source?.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'RoomKitErrorCode');
  if (!source || !alias || !ts.isUnionTypeNode(alias.type)) throw new Error(`api-docs: no RoomKitErrorCode union in ${file}.`);
  const text = source.getFullText();
  const out: ErrorCodeDoc[] = [];
  let from = alias.type.pos;
  for (const member of alias.type.types) {
    if (!ts.isLiteralTypeNode(member) || !ts.isStringLiteral(member.literal)) continue;
    const code = member.literal.text;
    // The TSDoc sits before the member's `|`, so read the comments between the previous member and this one.
    const between = text.slice(from, member.getStart(source));
    from = member.end;
    const doc = [...between.matchAll(/\/\*\*([\s\S]*?)\*\//g)].pop()?.[1] ?? '';
    const cause = doc.replace(/^\s*\*\s?/gm, '').replace(/\s+/g, ' ').trim();
    if (!cause) problems.push(`RoomKitErrorCode '${code}' has no TSDoc (its cause)`);
    const fix = fixes[code];
    if (!fix) problems.push(`RoomKitErrorCode '${code}' has no fix in scripts/api-docs/errorFixes.ts`);
    out.push({ code, cause, fix: fix ?? '' });
  }
  for (const code of Object.keys(fixes)) {
    if (!out.some((e) => e.code === code)) problems.push(`scripts/api-docs/errorFixes.ts names '${code}', which is not a RoomKitErrorCode`);
  }
  return out;
}

/**
 * The custom properties the stylesheet declares, each with the comment on its line. A theme colour is declared as
 * `--_rk-x` (the default that `var(--rk-x, var(--_rk-x))` falls back to) and documented as `--rk-x`, the name an
 * app sets: its first declaration (light, with the comment) and its next (dark) give the two defaults. A stylesheet
 * with `light-dark()` is a problem: bundlers lower it into helper variables that resolve only where `color-scheme` is
 * set, and a production build loses the colours (issue 37). `css` is the stylesheet's text (by default, `cssFile`'s).
 */
export function cssVariables(cssFile: string, problems: string[], css = readFileSync(cssFile, 'utf8')): { variables: CssVariableDoc[]; layers: string[]; css: string } {
  if (/light-dark\(/.test(css.replace(/\/\*[\s\S]*?\*\//g, ''))) {
    problems.push(`${cssFile} uses light-dark(): declare the light value with the others and the dark one under prefers-color-scheme and [data-rk-theme='dark'] (see its colour block)`);
  }
  const variables: CssVariableDoc[] = [];
  const seen = new Map<string, number>();
  for (const m of css.matchAll(/^\s*--(_?)(rk-[\w-]+)\s*:\s*([^;]+);[ \t]*(?:\/\*\s*([\s\S]*?)\s*\*\/)?/gm)) {
    const [, themed = '', bare = '', raw = '', comment = ''] = m;
    const name = `--${bare}`;
    const value = raw.trim();
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    const existing = variables.find((v) => v.name === name);
    if (existing) {
      if (themed && count === 2) existing.dark = value;
      continue;
    }
    if (!comment) problems.push(`CSS variable ${name} has no comment in ${cssFile} (write its meaning after the declaration)`);
    variables.push({ name, meaning: comment.replace(/\s+/g, ' '), light: value, dark: value });
  }
  const layers = [...new Set([...css.matchAll(/@layer\s+([\w-]+)/g)].map((m) => m[1] ?? ''))];
  return { variables, layers, css };
}

function classOf(element: ts.JsxOpeningLikeElement): string {
  for (const attr of element.attributes.properties) {
    if (!ts.isJsxAttribute(attr) || attr.name.getText() !== 'className' || !attr.initializer) continue;
    const m = /rk-[\w-]+/.exec(attr.initializer.getText());
    if (m) return `.${m[0]}`;
  }
  return `<${element.tagName.getText()}>`;
}

function valuesOf(expr: ts.Expression | undefined, checker: ts.TypeChecker): string[] {
  if (!expr) return ['(present or absent)'];
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text === '' ? ['(present or absent)'] : [expr.text];
  const type = checker.getTypeAtLocation(expr);
  const parts = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const t of parts) {
    if (t.isStringLiteral()) values.push(t.value === '' ? '(present or absent)' : t.value);
    else if (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) continue;
    else if (t.flags & ts.TypeFlags.NumberLike) values.push('(a number)');
    else values.push(`(${checker.typeToString(t)})`);
  }
  return [...new Set(values)];
}

/** Every `data-*` attribute rendered by the components and prefabs, with the elements that carry it. */
export function dataAttributes(
  program: ts.Program,
  root: string,
  css: string,
  meanings: Record<string, string>,
  problems: string[],
): DataAttributeDoc[] {
  const checker = program.getTypeChecker();
  const found = new Map<string, { on: Set<string>; values: Set<string> }>();
  const add = (name: string, on: string, values: string[]) => {
    const entry = found.get(name) ?? { on: new Set(), values: new Set() };
    entry.on.add(on);
    for (const v of values) entry.values.add(v);
    found.set(name, entry);
  };
  for (const sf of program.getSourceFiles()) {
    const file = relative(root, sf.fileName);
    if (!/^src\/(?!(testing|server|query)\/)/.test(file) || /\.test\./.test(file)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isJsxAttribute(node) && node.name.getText().startsWith('data-') && node.name.getText() !== 'data-testid') {
        const element = node.parent.parent;
        const init = node.initializer;
        const expr = init && ts.isJsxExpression(init) ? init.expression : (init as ts.Expression | undefined);
        add(node.name.getText(), classOf(element), valuesOf(expr, checker));
      } else if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name) && node.name.text.startsWith('data-')) {
        add(node.name.text, `buttonProps of ${file.replace(/^.*\//, '').replace(/\.tsx?$/, '')}`, valuesOf(node.initializer, checker));
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const out: DataAttributeDoc[] = [];
  for (const [name, { on, values }] of [...found].sort(([a], [b]) => a.localeCompare(b))) {
    const meaning = meanings[name];
    if (!meaning) problems.push(`data attribute ${name} has no meaning in scripts/api-docs/dataAttributes.ts`);
    const styled = new RegExp(`\\[${name}[\\]=]`).test(css);
    out.push({ name, meaning: meaning ?? '', on: [...on].sort(), values: [...values].sort(), styled });
  }
  for (const name of Object.keys(meanings)) {
    if (!found.has(name)) problems.push(`scripts/api-docs/dataAttributes.ts names ${name}, which no component renders`);
  }
  return out;
}
