// What a consumer of the published package meets: TypeScript resolution of its entries (node10 included),
// package metadata for the registry page, and a README whose links work outside the repository.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as Record<string, unknown>;

describe('TypeScript resolution of the entries', () => {
  // A consumer project with the package installed (a symlink, as pnpm and npm link do).
  const consumer = mkdtempSync(join(tmpdir(), 'sdk-consumer-'));
  mkdirSync(join(consumer, 'node_modules/@network-org'), { recursive: true });
  symlinkSync(PACKAGE_DIR, join(consumer, 'node_modules/@network-org/sdk'), 'dir');
  afterAll(() => rmSync(consumer, { recursive: true, force: true }));

  // The declarations are build output: pretend they exist, so that only the manifest decides.
  const host: ts.ModuleResolutionHost = {
    ...ts.sys,
    fileExists: (file) => /\/dist\/(index|zod)\.d\.c?ts$/.test(file) || ts.sys.fileExists(file),
    // Keep the consumer's path (node_modules/@network-org/sdk/...) in the answer.
    realpath: (path) => path,
  };
  const resolveIn = (specifier: string, moduleResolution: ts.ModuleResolutionKind, module: ts.ModuleKind) => {
    const options: ts.CompilerOptions = { moduleResolution, module, target: ts.ScriptTarget.ES2022 };
    const containing = join(consumer, 'index.ts');
    return ts.resolveModuleName(specifier, containing, options, host).resolvedModule?.resolvedFileName;
  };

  it.each([
    ['node10', ts.ModuleResolutionKind.Node10, ts.ModuleKind.CommonJS],
    ['node16', ts.ModuleResolutionKind.Node16, ts.ModuleKind.Node16],
    ['nodenext', ts.ModuleResolutionKind.NodeNext, ts.ModuleKind.NodeNext],
    ['bundler', ts.ModuleResolutionKind.Bundler, ts.ModuleKind.ESNext],
  ])('%s resolves @network-org/sdk and @network-org/sdk/zod to their declarations', (_name, moduleResolution, module) => {
    expect(resolveIn('@network-org/sdk', moduleResolution, module)).toMatch(/\/@network-org\/sdk\/dist\/index\.d\.c?ts$/);
    expect(resolveIn('@network-org/sdk/zod', moduleResolution, module)).toMatch(/\/@network-org\/sdk\/dist\/zod\.d\.c?ts$/);
  });
});

describe('package metadata', () => {
  it('names the repository, homepage and issue tracker', () => {
    expect(manifest.repository).toEqual({
      type: 'git',
      url: 'git+https://github.com/network-org/network-org.git',
      directory: 'packages/sdk',
    });
    expect(manifest.homepage).toMatch(/^https:\/\/github\.com\/network-org\/network-org\/.*packages\/sdk/);
    expect(manifest.bugs).toEqual({ url: 'https://github.com/network-org/network-org/issues' });
  });

  it('publishes the files every entry points at', () => {
    expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'zod', 'README.md']));
  });
});

describe('README', () => {
  it('has no relative links, which break on the registry’s page', () => {
    const readme = readFileSync(join(PACKAGE_DIR, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] ?? '');
    expect(links.filter((link) => !/^(https?:|#)/.test(link))).toEqual([]);
  });
});
