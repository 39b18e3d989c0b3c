/**
 * `npm run test:visual:update [story file …]`: takes the stories' pictures afresh and writes them as the baselines in
 * stories/__screenshots__ (`--update=all` on the storybook project; see .storybook/pictures.ts), then lists
 * what changed, for the commit message. With story files, only their pictures.
 *
 * The old baselines of the files it runs are moved aside first, so pictures of stories renamed or removed go too. A
 * story that fails takes no picture: its old ones are put back (found by its story id in Vitest's JSON report), and
 * the command fails. A new picture that the story test would still match with the old one (its comparison,
 * `comparePictures` in .storybook/pictureMatch.ts) but whose pixels differ is put back byte for byte as it
 * was, so git shows only pictures that really changed, not a video frame scaled one shade differently. One with the
 * very same pixels keeps the new bytes: baselines are Chromium's own PNG bytes, which the story test compares before
 * it decodes anything (.storybook/pictureMatch.ts).
 *
 * Review before committing: run `npm run test:stories` first, and each picture that differs fails with its
 * reference, the new picture and a diff image in test-results/pictures/; or compare them in the pull request.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { comparePictures } from '../.storybook/pictureMatch.ts';

const root = resolve(import.meta.dirname, '..');
const baselines = join(root, 'stories/__screenshots__');
const aside = join(root, 'test-results/pictures-before-update');
const report = join(root, 'test-results/pictures-update.json');

const files = process.argv.slice(2);
const folders = files.length ? files.map((file) => join(baselines, basename(file))) : [baselines];

rmSync(aside, { recursive: true, force: true });
rmSync(report, { force: true });
mkdirSync(aside, { recursive: true });
for (const folder of folders) if (existsSync(folder)) renameSync(folder, join(aside, relative(root, folder).replaceAll('/', '__')));

const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'storybook', '--update=all', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...files],
  { cwd: root, stdio: 'inherit' },
);

interface JsonReport {
  testResults: Array<{ name: string; status: string; assertionResults: Array<{ status: string; meta?: { storyId?: string } }> }>;
}

/**
 * Whether an old picture belongs to what failed in this run: a failed story (its id starts the picture's name, as
 * Vitest writes it, `--` made `-`) or a story file that failed as a whole. Without a report, everything.
 */
function failedHere(): (folder: string, picture: string) => boolean {
  if (!existsSync(report)) return () => true;
  const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  const stories: string[] = [];
  const wholeFiles = new Set<string>();
  for (const file of testResults) {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failed.length === 0) wholeFiles.add(basename(file.name));
    for (const test of failed) if (test.meta?.storyId) stories.push(test.meta.storyId.replace(/-{2,}/g, '-'));
  }
  return (folder, picture) => wholeFiles.has(folder) || stories.some((id) => basename(picture).startsWith(`${id}-`));
}

/** Every file under `dir`, relative to it. */
function list(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

let kept = 0;
if (run.status !== 0) {
  // Put back the old pictures of what failed (it took no new ones), so none is lost by this run.
  const failed = failedHere();
  for (const folder of folders) {
    const old = join(aside, relative(root, folder).replaceAll('/', '__'));
    for (const file of list(old)) {
      if (existsSync(join(folder, file)) || !failed(basename(join(folder, file, '..')), file)) continue;
      cpSync(join(old, file), join(folder, file));
      kept++;
    }
  }
}
let unchanged = 0;
/** Baselines with the same pixels in new bytes (Chromium's), by file name. */
const reencoded = new Set<string>();
for (const folder of folders) {
  const old = join(aside, relative(root, folder).replaceAll('/', '__'));
  for (const file of list(old)) {
    const fresh = join(folder, file);
    if (!existsSync(fresh)) continue;
    const before = readFileSync(join(old, file));
    const now = readFileSync(fresh);
    if (before.equals(now)) continue;
    const how = comparePictures(before, now);
    if (how === 'same to the test') {
      writeFileSync(fresh, before);
      unchanged++;
    } else if (how === 'same pixels') {
      // Kept in Chromium's bytes: the story test compares an unchanged picture with its baseline as bytes.
      reencoded.add(basename(file));
    }
  }
}
rmSync(aside, { recursive: true, force: true });

const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', '--', relative(root, baselines)], { cwd: root, encoding: 'utf8' });
const changes = status.stdout
  .split('\n')
  .filter(Boolean)
  .filter((line) => !reencoded.has(basename(line.slice(3))))
  .map((line) => ({ code: line.slice(0, 2).trim(), picture: basename(line.slice(3)).replace(/-chromium-linux\.png$/, '') }));
const of = (codes: string[]) => changes.filter((c) => codes.includes(c.code)).map((c) => c.picture);
const sections: Array<[string, string[]]> = [
  ['Changed', of(['M'])],
  ['New', of(['??', 'A'])],
  ['Removed', of(['D'])],
];

console.log('\nPictures (stories/__screenshots__), for the commit message: say what changed in them and why.');
for (const [title, pictures] of sections) if (pictures.length) console.log(`${title} (${pictures.length}):\n${pictures.map((p) => `  ${p}`).join('\n')}`);
if (changes.length === 0) console.log('  none changed.');
if (unchanged) console.log(`(${unchanged} taken afresh matched their baseline as the story test compares them, and were kept as they were.)`);
if (reencoded.size) console.log(`(${reencoded.size} have the same pixels as before, now in Chromium's PNG bytes, which the story test compares first.)`);
if (run.status !== 0) {
  console.log(`\nSome stories failed and took no new pictures: ${kept} old pictures kept. Fix them and run this again.`);
  process.exit(1);
}
