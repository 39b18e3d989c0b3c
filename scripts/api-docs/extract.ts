import ts from 'typescript';
import { relative } from 'node:path';

/** What kind of thing an export is; decides its page's group and layout. */
export type EntryKind = 'component' | 'hook' | 'function' | 'class' | 'interface' | 'type' | 'constant';

/** One documented property, parameter or class member. */
export interface MemberDoc {
  name: string;
  type: string;
  optional: boolean;
  summary: string;
  defaultValue?: string;
  deprecated?: string;
}

/** Everything the API pages show about one export. */
export interface EntryDoc {
  name: string;
  module: string;
  kind: EntryKind;
  /** Source file relative to the repository root. */
  file: string;
  summary: string;
  remarks?: string;
  signatures: string[];
  members: MemberDoc[];
  /** Text of `extends` clauses whose members are not listed (for example `HTMLAttributes<HTMLDivElement>`). */
  inherits: string[];
  examples: string[];
  throws: string[];
  deprecated?: string;
  see: string[];
}

const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

/**
 * The `@example` blocks of a declaration's TSDoc as written, indentation kept (the compiler's tag text
 * drops it). A tag ends at the next line that starts with `@` outside a code fence.
 */
function rawExamples(decl: ts.Node): string[] {
  const docs = ts.getJSDocCommentsAndTags(decl).filter(ts.isJSDoc);
  const doc = docs[docs.length - 1];
  if (!doc) return [];
  const lines = doc
    .getText()
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''));
  const out: string[] = [];
  let current: string[] | undefined;
  let fenced = false;
  for (const line of lines) {
    if (!fenced && /^@\w/.test(line)) {
      if (current) out.push(current.join('\n').trim());
      current = line.startsWith('@example') ? [line.slice('@example'.length).trim()] : undefined;
      continue;
    }
    if (/^\s*```/.test(line)) fenced = !fenced;
    current?.push(line);
  }
  if (current) out.push(current.join('\n').trim());
  return out;
}

function tagText(tag: ts.JSDocTagInfo): string {
  return ts.displayPartsToString(tag.text).trim();
}

function isComponentType(type: ts.Type, checker: ts.TypeChecker): boolean {
  const returns = type.getCallSignatures().map((s) => checker.typeToString(s.getReturnType(), undefined, FORMAT));
  if (returns.some((r) => /Element|ReactNode|ReactPortal/.test(r))) return true;
  // forwardRef / memo results are exotic components: objects with `$$typeof`.
  return !!type.getProperty('$$typeof');
}

function kindOf(name: string, symbol: ts.Symbol, checker: ts.TypeChecker, decl: ts.Declaration): EntryKind {
  if (symbol.flags & ts.SymbolFlags.Class) return 'class';
  if (symbol.flags & ts.SymbolFlags.Interface) return 'interface';
  if (symbol.flags & ts.SymbolFlags.TypeAlias) return 'type';
  const type = checker.getTypeOfSymbolAtLocation(symbol, decl);
  if (/^use[A-Z]/.test(name)) return 'hook';
  if (/^[A-Z]/.test(name) && isComponentType(type, checker)) return 'component';
  if (symbol.flags & ts.SymbolFlags.Function || type.getCallSignatures().length > 0) return 'function';
  return 'constant';
}

function memberDoc(prop: ts.Symbol, at: ts.Node, checker: ts.TypeChecker): MemberDoc {
  const tags = prop.getJsDocTags(checker);
  const decl = prop.valueDeclaration ?? prop.declarations?.[0];
  let type: string;
  if (decl && (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) && decl.type) type = decl.type.getText();
  else if (decl && (ts.isMethodSignature(decl) || ts.isMethodDeclaration(decl))) {
    type = checker
      .getTypeOfSymbolAtLocation(prop, decl)
      .getCallSignatures()
      .map((s) => checker.signatureToString(s, decl, FORMAT))
      .join('; ');
  } else type = checker.typeToString(checker.getTypeOfSymbolAtLocation(prop, decl ?? at), at, FORMAT);
  const deprecated = tags.find((t) => t.name === 'deprecated');
  const defaultTag = tags.find((t) => t.name === 'default' || t.name === 'defaultValue');
  return {
    name: prop.name,
    type: type.replace(/\s+/g, ' '),
    optional: !!(prop.flags & ts.SymbolFlags.Optional),
    summary: ts.displayPartsToString(prop.getDocumentationComment(checker)).trim(),
    ...(defaultTag ? { defaultValue: tagText(defaultTag) } : {}),
    ...(deprecated ? { deprecated: tagText(deprecated) || 'Deprecated.' } : {}),
  };
}

/** Properties declared in this repository's sources; inherited DOM props are summarised by `inherits`. */
function ownMembers(type: ts.Type, at: ts.Node, checker: ts.TypeChecker, root: string, classLike: boolean): MemberDoc[] {
  const out: MemberDoc[] = [];
  for (const prop of checker.getPropertiesOfType(type)) {
    const decl = prop.valueDeclaration ?? prop.declarations?.[0];
    if (!decl) continue;
    const file = relative(root, decl.getSourceFile().fileName);
    if (file.startsWith('node_modules') || file.startsWith('..')) continue;
    if (classLike) {
      const mods = ts.getCombinedModifierFlags(decl);
      if (mods & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected) || prop.name.startsWith('#')) continue;
    }
    out.push(memberDoc(prop, at, checker));
  }
  return out;
}

function heritage(decl: ts.Declaration): string[] {
  if (!ts.isInterfaceDeclaration(decl) && !ts.isClassDeclaration(decl)) return [];
  return (decl.heritageClauses ?? []).flatMap((h) => h.types.map((t) => t.getText()));
}

function stripBody(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A signature with destructured parameters shown as `props` (not as their binding pattern). */
function signatureText(sig: ts.Signature, at: ts.Node, checker: ts.TypeChecker): string {
  const typeParams = sig.getTypeParameters()?.map((t) => checker.typeToString(t, at, FORMAT)) ?? [];
  const params = sig.getParameters().map((p) => {
    const pd = p.valueDeclaration;
    const param = pd && ts.isParameter(pd) ? pd : undefined;
    const name = param && !ts.isIdentifier(param.name) ? 'props' : p.name;
    const rest = param?.dotDotDotToken ? '...' : '';
    const optional = param && (param.questionToken || param.initializer) ? '?' : '';
    // React's own declarations (forwardRef, memo) are generic: print the instantiated type instead.
    const ours = param?.type && !param.getSourceFile().fileName.includes('node_modules');
    const typeText = ours && param.type ? stripBody(param.type.getText()) : checker.typeToString(checker.getTypeOfSymbol(p), at, FORMAT);
    return `${rest}${name}${optional}: ${typeText}`;
  });
  const ret = checker.typeToString(sig.getReturnType(), at, FORMAT);
  return `${typeParams.length ? `<${typeParams.join(', ')}>` : ''}(${params.join(', ')}): ${ret}`;
}

function signaturesOf(name: string, kind: EntryKind, symbol: ts.Symbol, decl: ts.Declaration, checker: ts.TypeChecker): string[] {
  if (kind === 'interface') {
    return [`interface ${name}${heritage(decl).length ? ` extends ${heritage(decl).join(', ')}` : ''}`];
  }
  if (kind === 'type' && ts.isTypeAliasDeclaration(decl)) {
    const params = decl.typeParameters ? `<${decl.typeParameters.map((p) => p.getText()).join(', ')}>` : '';
    const body = decl.type.getText().replace(/\/\*\*[\s\S]*?\*\//g, '');
    return [`type ${name}${params} = ${stripBody(body)}`];
  }
  if (kind === 'class') {
    const type = checker.getTypeOfSymbolAtLocation(symbol, decl);
    const ctors = type.getConstructSignatures().map((s) => `new ${name}${checker.signatureToString(s, decl, FORMAT).replace(/:\s*[^:]*$/, '')}`);
    return [`class ${name}${heritage(decl).length ? ` extends ${heritage(decl).join(', ')}` : ''}`, ...ctors];
  }
  const type = checker.getTypeOfSymbolAtLocation(symbol, decl);
  const sigs = type.getCallSignatures();
  if (sigs.length > 0) return sigs.map((s) => `function ${name}${signatureText(s, decl, checker)}`);
  if (kind === 'component') {
    // An exotic component (forwardRef/memo): show its props.
    const props = checker.typeToString(type, decl, FORMAT);
    return [`const ${name}: ${props}`];
  }
  return [`const ${name}: ${checker.typeToString(type, decl, FORMAT)}`];
}

/** The members a page lists: props for components, fields for interfaces, public members for classes. */
function membersOf(kind: EntryKind, symbol: ts.Symbol, decl: ts.Declaration, checker: ts.TypeChecker, root: string): MemberDoc[] {
  if (kind === 'interface' || kind === 'type') {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    if (kind === 'type' && !(type.flags & ts.TypeFlags.Object) && !type.isIntersection()) return [];
    return ownMembers(type, decl, checker, root, false);
  }
  if (kind === 'class') return ownMembers(checker.getDeclaredTypeOfSymbol(symbol), decl, checker, root, true);
  if (kind === 'function' || kind === 'hook' || kind === 'component') {
    const sig = checker.getTypeOfSymbolAtLocation(symbol, decl).getCallSignatures()[0];
    if (!sig) return [];
    const props = sig.getParameters()[0];
    if (kind === 'component' && props) {
      // A component's page lists its props (declared in this repository), not the one `props` parameter.
      return ownMembers(checker.getTypeOfSymbol(props), decl, checker, root, false);
    }
    return sig.getParameters().map((p) => {
      const pd = p.valueDeclaration;
      const doc = memberDoc(p, decl, checker);
      const paramTag = symbol
        .getJsDocTags(checker)
        .find((t) => t.name === 'param' && t.text?.[0]?.text === p.name);
      const paramText = paramTag ? ts.displayPartsToString(paramTag.text?.slice(1) ?? []).replace(/^\s*-?\s*/, '') : '';
      const optional = !!pd && ts.isParameter(pd) && (!!pd.questionToken || !!pd.initializer);
      return {
        ...doc,
        type: pd && ts.isParameter(pd) && pd.type ? stripBody(pd.type.getText()) : doc.type,
        optional,
        summary: doc.summary || paramText.trim(),
        ...(pd && ts.isParameter(pd) && pd.initializer ? { defaultValue: pd.initializer.getText() } : {}),
      };
    });
  }
  return [];
}

/** Reads every export of `entryFile` with its kind, signature, members and TSDoc. */
export function extractEntry(program: ts.Program, entryFile: string, moduleName: string, root: string): EntryDoc[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entryFile);
  if (!source) throw new Error(`api-docs: ${entryFile} is not part of the program.`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [];
  const entries: EntryDoc[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!decl) continue;
    const name = exported.name;
    const kind = kindOf(name, symbol, checker, decl);
    const tags = symbol.getJsDocTags(checker);
    const all = (n: string) => tags.filter((t) => t.name === n).map(tagText);
    const deprecated = tags.find((t) => t.name === 'deprecated');
    const remarks = all('remarks')[0];
    entries.push({
      name,
      module: moduleName,
      kind,
      file: relative(root, decl.getSourceFile().fileName),
      summary: ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim(),
      ...(remarks ? { remarks } : {}),
      signatures: signaturesOf(name, kind, symbol, decl, checker),
      members: membersOf(kind, symbol, decl, checker, root),
      inherits: heritage(decl).filter((h) => !/^[A-Z]\w*$/.test(h) || !entries.some((e) => e.name === h)),
      examples: rawExamples(decl).length > 0 ? rawExamples(decl) : all('example'),
      throws: all('throws'),
      ...(deprecated ? { deprecated: tagText(deprecated) || 'Deprecated.' } : {}),
      see: all('see'),
    });
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

/** Creates a program over the entries with the repository's compiler options. */
export function createProgram(root: string, entries: string[]): ts.Program {
  const configPath = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  if (!configPath) throw new Error('api-docs: tsconfig.json not found.');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error('api-docs: tsconfig.json could not be read.');
  return ts.createProgram(entries, { ...parsed.options, noEmit: true });
}
