// npm shows a package's README without the repository beside it: an image given by a relative path breaks there
// unless the file is in the tarball. Every image of a published package's README is an absolute https address or a
// file the package's `files` ship.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const packagesDir = fileURLToPath(new URL('../../../', import.meta.url));
const published = readdirSync(packagesDir).filter((name) => {
  const manifest = `${packagesDir}${name}/package.json`;
  return existsSync(manifest) && !(JSON.parse(readFileSync(manifest, 'utf8')) as { private?: boolean }).private;
});

it.each(published)('packages/%s/README.md: every image shows on npm', (name) => {
  const readme = readFileSync(`${packagesDir}${name}/README.md`, 'utf8');
  const { files = [] } = JSON.parse(readFileSync(`${packagesDir}${name}/package.json`, 'utf8')) as { files?: string[] };
  const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((match) => match[1]!);
  for (const image of images) {
    const shipped = files.some((entry) => image === entry || image.startsWith(`${entry}/`));
    expect(/^https:\/\//.test(image) || shipped, `${image} is neither absolute nor in "files"`).toBe(true);
  }
});

it("the inspector page's screenshot is the file the repository holds", () => {
  const page = readFileSync(`${packagesDir}../docs/mock/inspector.md`, 'utf8');
  const [, path] = /!\[The inspector[^\]]*\]\(([^)]+)\)/.exec(page) ?? [];
  expect(path).toBeDefined();
  expect(existsSync(`${packagesDir}../docs/mock/${path}`)).toBe(true);
});
