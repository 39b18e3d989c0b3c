import type { TestProject } from 'vitest/node';
import { PACKAGE_STYLESHEETS, buildStylesheet } from './builtStylesheets.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each package stylesheet as an app's production build has it, by source path (builtStylesheets.ts). */
    builtStylesheets: Record<string, string>;
  }
}

/** Builds the package's stylesheets once, for the check that every story page carries them built (vitest.setup.ts). */
export default async function setup(project: TestProject) {
  const built = await Promise.all(PACKAGE_STYLESHEETS.map(async (file) => [file, await buildStylesheet(file)] as const));
  project.provide('builtStylesheets', Object.fromEntries(built));
}
