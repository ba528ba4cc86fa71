#!/usr/bin/env node
// `pnpm executables`: the two CLIs as single-file executables in dist/bin/, for the platform this runs on.
// Each is a copy of the Node binary running this script with the CLI, bundled into one CommonJS file, injected as a
// single executable application (docs/design.md, "Single-file executables"). Run `pnpm build` first.
import { execFileSync } from 'node:child_process';
import { copyFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'dist/bin');
// A work folder of this run's own, and each executable written aside then renamed into place: two builds at once
// (CI's executables lane beside the bench's, which builds them when missing) never meet half a file.
mkdirSync(outDir, { recursive: true });
const workDir = mkdtempSync(join(outDir, '.work-'));
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));

/** The name's platform part, in the words people download by. */
const PLATFORM = { linux: 'linux', darwin: 'macos', win32: 'windows' }[process.platform] ?? process.platform;
const suffix = `${PLATFORM}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`;

// Bundled from the packages' builds, so that the executables run exactly what npm users get.
const executables = [
  { name: 'network-mock', entry: 'packages/mock/dist/cli.js', build: 'pnpm --filter @network-org/mock build' },
  { name: 'network-org', entry: 'packages/cli/dist/cli.js', build: 'pnpm --filter @network-org/cli build' },
];

// Names Node's SEA support looks for in the binary (fixed by Node).
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

async function bundle({ name, entry }) {
  const outfile = join(workDir, `${name}.cjs`);
  const result = await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    // A SEA's main script is CommonJS, and its require() reaches Node's built-in modules only: everything else,
    // the optional peers behind `import()` too (the mock and msw for `network-org --mock`), is carried inline.
    format: 'cjs',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    minify: true,
    keepNames: true,
    // The licence notices of what the bundle carries stay in it, at its end.
    legalComments: 'eof',
    logLevel: 'silent',
  });
  // An `import.meta` left in the bundle would be an empty object at run time: refuse the build instead.
  const warnings = result.warnings.filter((warning) => warning.id === 'empty-import-meta');
  if (warnings.length > 0) {
    throw new Error(`${name}: the bundle uses import.meta, which a CommonJS main script does not have:\n${warnings.map((w) => `  ${w.location?.file}:${w.location?.line} ${w.text}`).join('\n')}`);
  }
  // A shebang line is not JavaScript once Node compiles the script as the SEA's main.
  const code = readFileSync(outfile, 'utf8').replace(/^#![^\n]*\n/, '');
  writeFileSync(outfile, code);
  return outfile;
}

function seaBlob(name, main) {
  const blob = join(workDir, `${name}.blob`);
  const config = join(workDir, `${name}.sea.json`);
  writeFileSync(
    config,
    JSON.stringify({
      main,
      output: blob,
      disableExperimentalSEAWarning: true,
      // V8's compiled code for the bundle travels in the blob: start-up skips most of the compiling.
      useCodeCache: true,
    }),
  );
  // Quiet unless it fails: it announces every blob it writes.
  try {
    execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`node --experimental-sea-config failed for ${name}:\n${error.stderr ?? ''}${error.stdout ?? ''}`);
  }
  return blob;
}

async function inject(target, blob) {
  const { inject: postject } = require('postject');
  copyFileSync(process.execPath, target);
  chmodSync(target, 0o755);
  // macOS refuses a signed binary whose contents changed: its signature goes before, an ad-hoc one comes after.
  if (process.platform === 'darwin') execFileSync('codesign', ['--remove-signature', target]);
  // postject's ELF reader warns about every note section of Node's binary it does not name; they are harmless.
  const warn = console.warn;
  console.warn = (...args) => void (String(args[0]).startsWith("warning: Can't find string offset") || warn(...args));
  try {
    await postject(target, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SEA_FUSE, machoSegmentName: 'NODE_SEA' });
  } finally {
    console.warn = warn;
  }
  if (process.platform === 'darwin') execFileSync('codesign', ['--sign', '-', target]);
}

for (const executable of executables) {
  if (!existsSync(join(root, executable.entry))) {
    console.error(`${executable.entry} is missing: run \`pnpm build\` first (or \`${executable.build}\`)`);
    process.exit(1);
  }
}
for (const executable of executables) {
  const target = join(outDir, `${executable.name}-${suffix}`);
  const main = await bundle(executable);
  const blob = seaBlob(executable.name, main);
  const written = join(workDir, `${executable.name}-${suffix}`);
  await inject(written, blob);
  renameSync(written, target);
  console.log(`${relative(root, target)}  (Node ${process.versions.node}, ${(readFileSync(target).length / 2 ** 20).toFixed(1)} MiB)`);
}
