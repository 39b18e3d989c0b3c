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

function splitLightDark(value: string): [string, string] {
  const m = /^light-dark\((.*)\)$/.exec(value.trim());
  if (!m?.[1]) return [value.trim(), value.trim()];
  let depth = 0;
  for (let i = 0; i < m[1].length; i++) {
    const ch = m[1][i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) return [m[1].slice(0, i).trim(), m[1].slice(i + 1).trim()];
  }
  return [value.trim(), value.trim()];
}

/** The custom properties the stylesheet declares, each with the comment on its line. */
export function cssVariables(cssFile: string, problems: string[]): { variables: CssVariableDoc[]; layers: string[]; css: string } {
  const css = readFileSync(cssFile, 'utf8');
  const variables: CssVariableDoc[] = [];
  for (const m of css.matchAll(/^\s*(--rk-[\w-]+)\s*:\s*([^;]+);[ \t]*(?:\/\*\s*([\s\S]*?)\s*\*\/)?/gm)) {
    const [, name = '', value = '', comment = ''] = m;
    if (variables.some((v) => v.name === name)) continue;
    const [light, dark] = splitLightDark(value);
    if (!comment) problems.push(`CSS variable ${name} has no comment in ${cssFile} (write its meaning after the declaration)`);
    variables.push({ name, meaning: comment.replace(/\s+/g, ' '), light, dark });
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
