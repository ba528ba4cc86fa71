#!/usr/bin/env node
// `pnpm image [--local-base | --stage-only]`: builds the image network-org/mock from Containerfile with podman or docker,
// whichever is installed, tagged with the mock's version and `latest`.
//
// 1. Stages the build context dist/image/: the built CLI bundled with its runtime dependencies into one file
//    (app/network-mock.mjs), the health check, and an empty data/ folder that becomes the volume /data.
// 2. With --local-base, first builds the Node base image FROM scratch out of this machine's Node binary, the shared
//    libraries it links and a minimal /etc/passwd (tagged localhost/network-org/node-base:<node version>), and
//    passes it as NODE_IMAGE: where no registry can be reached, only the base changes.
//
// --stage-only does step 1 alone (the release workflow then builds every platform with docker buildx: the staged
// bundle is plain JavaScript, the same on every platform). Prints the tags built, one a line, last. Exits 1 when neither podman nor docker is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = fileURLToPath(new URL('..', import.meta.url));
const mockDir = join(root, 'packages/mock');
const stage = join(root, 'dist/image');

/** podman or docker, whichever is installed (podman first); with podman, this machine's containers.conf. */
export function containerEngine() {
  for (const name of ['podman', 'docker']) {
    if (spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0) {
      const env = { ...process.env };
      if (name === 'podman' && !env.CONTAINERS_CONF) env.CONTAINERS_CONF = join(root, 'image/containers.conf');
      // crun cannot set rlimits on machines like ours; runc can.
      const runtime = name === 'podman' && spawnSync('runc', ['--version'], { stdio: 'ignore' }).status === 0 ? ['--runtime', 'runc'] : [];
      return { name, env, runtime };
    }
  }
  return undefined;
}

const mockVersion = () => JSON.parse(readFileSync(join(mockDir, 'package.json'), 'utf8')).version;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The mock's dist/cli.js, built again when any source it bundles is newer. */
function buildMock() {
  const cli = join(mockDir, 'dist/cli.js');
  const sources = Math.max(newestMtime(join(mockDir, 'src')), newestMtime(join(root, 'packages/cli-kit/src')), statSync(join(mockDir, 'package.json')).mtimeMs);
  if (existsSync(cli) && statSync(cli).mtimeMs >= sources) return;
  execFileSync('pnpm', ['--filter', '@network-org/mock', 'run', 'build'], { cwd: root, stdio: 'inherit' });
}

/** dist/image/: app/network-mock.mjs (the CLI and its dependencies, minified), app/healthcheck.mjs, data/. */
async function stageContext() {
  buildMock();
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'app'), { recursive: true });
  mkdirSync(join(stage, 'data'), { recursive: true });
  // esbuild is the mock's build tool (through tsup); it resolves from the mock's own dependencies.
  const esbuild = createRequire(join(mockDir, 'package.json'))('esbuild');
  await esbuild.build({
    entryPoints: [join(mockDir, 'dist/cli.js')],
    outfile: join(stage, 'app/network-mock.mjs'),
    absWorkingDir: mockDir,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'eof',
    logLevel: 'warning',
    // A dependency that require()s a Node module still can inside an ES module bundle.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  // The bundle starts with the CLI's shebang after the banner; node reads the file directly, so it is dropped.
  const bundle = join(stage, 'app/network-mock.mjs');
  writeFileSync(bundle, readFileSync(bundle, 'utf8').replace(/^#!.*\n/m, ''));
  copyFileSync(join(root, 'image/healthcheck.mjs'), join(stage, 'app/healthcheck.mjs'));
  for (const file of readdirSync(join(stage, 'app'))) chmodSync(join(stage, 'app', file), 0o644);
}

/** The shared libraries `binary` links, and its interpreter, as absolute paths (ldd). */
function linkedLibraries(binary) {
  const output = execFileSync('ldd', [binary], { encoding: 'utf8' });
  return [...output.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x/g)].map((match) => match[1]);
}

/** Builds localhost/network-org/node-base:<version> FROM scratch with this machine's node; returns its tag. */
function buildLocalBase(engine) {
  const node = process.execPath;
  const tag = `localhost/network-org/node-base:${process.versions.node}`;
  const base = join(root, 'dist/image-base');
  rmSync(base, { recursive: true, force: true });
  const rootfs = join(base, 'rootfs');
  const place = (from, to) => {
    mkdirSync(dirname(join(rootfs, to)), { recursive: true });
    copyFileSync(from, join(rootfs, to));
  };
  place(node, '/usr/local/bin/node');
  chmodSync(join(rootfs, 'usr/local/bin/node'), 0o755);
  for (const library of linkedLibraries(node)) place(library, library);
  mkdirSync(join(rootfs, 'etc'), { recursive: true });
  // The official image's user `node` (1000) too, so that the same USER line works on both.
  writeFileSync(join(rootfs, 'etc/passwd'), 'root:x:0:0:root:/root:/sbin/nologin\nnode:x:1000:1000:node:/home/node:/sbin/nologin\n');
  writeFileSync(join(rootfs, 'etc/group'), 'root:x:0:\nnode:x:1000:\n');
  mkdirSync(join(rootfs, 'tmp'), { recursive: true });
  chmodSync(join(rootfs, 'tmp'), 0o1777);
  writeFileSync(
    join(base, 'Containerfile'),
    '# Node from this machine on nothing else: the base of network-org/mock where no registry image can be pulled.\nFROM scratch\nCOPY rootfs/ /\nENV PATH=/usr/local/bin:/usr/bin:/bin\n',
  );
  execFileSync(engine.name, ['build', ...engine.runtime, '--quiet', '--tag', tag, '--file', join(base, 'Containerfile'), base], {
    env: engine.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return tag;
}

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--local-base' && arg !== '--stage-only');
  if (unknown.length > 0 || args.length > 1) {
    process.stderr.write(`pnpm image: ${unknown.length > 0 ? `unknown argument ${unknown.join(' ')}` : 'one option at most'}\nUsage: pnpm image [--local-base | --stage-only]\n`);
    process.exit(2);
  }
  if (args.includes('--stage-only')) {
    await stageContext();
    process.stdout.write(`${stage}\n`);
    return;
  }
  const engine = containerEngine();
  if (!engine) {
    process.stderr.write('pnpm image: neither podman nor docker is installed (Debian: apt-get install podman runc).\n');
    process.exit(1);
  }
  await stageContext();
  const version = mockVersion();
  const tags = [`network-org/mock:${version}`, 'network-org/mock:latest'];
  const buildArgs = ['--build-arg', `VERSION=${version}`];
  if (args.includes('--local-base')) buildArgs.push('--build-arg', `NODE_IMAGE=${buildLocalBase(engine)}`);
  // podman keeps HEALTHCHECK only in the docker image format.
  const format = engine.name === 'podman' ? ['--format', 'docker'] : [];
  execFileSync(
    engine.name,
    ['build', ...engine.runtime, ...format, '--quiet', ...buildArgs, ...tags.flatMap((tag) => ['--tag', tag]), '--file', join(root, 'Containerfile'), root],
    { env: engine.env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  process.stdout.write(`${tags.join('\n')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
