import { docsId } from '../../scripts/api-docs/render.js';

/** Where a repository file that is not a guide page opens from the docs site. */
export const REPOSITORY_FILES = 'https://github.com/roomkit/react/blob/main/';

/** The `<Meta title="…" />` of an MDX page, if it declares one. */
export function metaTitle(mdx: string): string | undefined {
  return /<Meta\s+title="([^"]+)"/.exec(mdx)?.[1];
}

/**
 * The README as the docs site shows it (the page **Docs/Getting started**): its relative links to guide pages
 * (`stories/docs/Recording.mdx`) become links to those pages in Storybook, and its other relative links (`LICENSE`)
 * open the file in the repository. `pages` maps each guide page's path from the repository root to its MDX text.
 * Absolute links and anchors of the README itself stay as they are.
 */
export function readmeForDocs(readme: string, pages: Record<string, string>): string {
  const titles = new Map(Object.entries(pages).map(([path, text]) => [path, metaTitle(text)]));
  return readme.replace(/\]\(([^)\s#]+)(#[^)\s]*)?\)/g, (link, target: string, hash: string | undefined) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('?') || target.startsWith('/')) return link;
    const title = titles.get(target);
    return title ? `](?path=/docs/${docsId(title)})` : `](${REPOSITORY_FILES}${target}${hash ?? ''})`;
  });
}
