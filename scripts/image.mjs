#!/usr/bin/env node
// `pnpm image [--local-base | --stage-only] [--tag NAME:TAG]`: builds the image network-org/mock from Containerfile
// with podman or docker, whichever is installed, tagged with the mock's version and `latest` (or with --tag alone:
// images are machine-wide, and a test run can build its own without moving `latest`).
//
// 1. Stages the build context dist/image/: the built CLI bundled with its runtime dependencies into one file
//    (app/network-mock.mjs), the health check, and an empty data/ folder that becomes the volume /data.
// 2. With --local-base, first builds the Node base image FROM scratch out of this machine's Node binary, the shared
//    libraries it links and a minimal /etc/passwd (tagged localhost/network-org/node-base:<node version>), and
//    passes it as NODE_IMAGE: where no registry can be reached, only the base changes. It also builds the HAProxy
//    image deploy/compose.yaml names (haproxy:2.6) FROM scratch out of Debian's haproxy, so that compose runs there.
//
// --stage-only does step 1 alone (the release workflow then builds every platform with docker buildx: the staged
// bundle is plain JavaScript, the same on every platform). Prints the tags built, one a line, last. Exits 1 when neither podman nor docker is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { HAPROXY_IMAGE } from './deploy-config.mjs';

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

/** The HAProxy image deploy/ names, FROM scratch with this machine's haproxy (Debian's), as the official one runs. */
function buildLocalHaproxy(engine) {
  const haproxy = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((path) => existsSync(path));
  if (!haproxy) {
    process.stderr.write('pnpm image --local-base: haproxy is not installed, so the HAProxy image of deploy/ is not built (Debian: apt-get install haproxy).\n');
    return undefined;
  }
  const version = /version (\S+)/.exec(execFileSync(haproxy, ['-v'], { encoding: 'utf8' }))?.[1] ?? 'unknown';
  const base = join(root, 'dist/image-haproxy');
  rmSync(base, { recursive: true, force: true });
  const rootfs = join(base, 'rootfs');
  const place = (from, to) => {
    mkdirSync(dirname(join(rootfs, to)), { recursive: true });
    copyFileSync(from, join(rootfs, to));
  };
  place(haproxy, '/usr/local/sbin/haproxy');
  chmodSync(join(rootfs, 'usr/local/sbin/haproxy'), 0o755);
  for (const library of linkedLibraries(haproxy)) place(library, library);
  // The official image's user and its configuration's folder; Debian's glibc resolves names with no NSS module.
  mkdirSync(join(rootfs, 'usr/local/etc/haproxy'), { recursive: true });
  mkdirSync(join(rootfs, 'etc'), { recursive: true });
  writeFileSync(join(rootfs, 'etc/passwd'), 'root:x:0:0:root:/root:/sbin/nologin\nhaproxy:x:99:99:haproxy:/var/lib/haproxy:/sbin/nologin\n');
  writeFileSync(join(rootfs, 'etc/group'), 'root:x:0:\nhaproxy:x:99:\n');
  writeFileSync(join(rootfs, 'etc/nsswitch.conf'), 'hosts: files dns\n');
  mkdirSync(join(rootfs, 'tmp'), { recursive: true });
  chmodSync(join(rootfs, 'tmp'), 0o1777);
  writeFileSync(
    join(base, 'Containerfile'),
    [
      `# Debian's haproxy ${version} on nothing else: the image deploy/ names where no registry image can be pulled.`,
      'FROM scratch',
      'COPY rootfs/ /',
      `LABEL org.opencontainers.image.title="haproxy" org.opencontainers.image.version="${version}" org.opencontainers.image.description="Debian's haproxy, built by pnpm image --local-base"`,
      'USER 99:99',
      'STOPSIGNAL SIGUSR1',
      'ENTRYPOINT ["/usr/local/sbin/haproxy"]',
      'CMD ["-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]',
      '',
    ].join('\n'),
  );
  execFileSync(engine.name, ['build', ...engine.runtime, '--quiet', '--tag', HAPROXY_IMAGE, '--file', join(base, 'Containerfile'), base], {
    env: engine.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return HAPROXY_IMAGE;
}

const USAGE = 'Usage: pnpm image [--local-base | --stage-only] [--tag NAME:TAG]';

function parseArgs(args) {
  const options = { localBase: false, stageOnly: false, tag: undefined };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--local-base') options.localBase = true;
    else if (arg === '--stage-only') options.stageOnly = true;
    else if (arg === '--tag' || arg.startsWith('--tag=')) {
      options.tag = arg === '--tag' ? args[++index] : arg.slice('--tag='.length);
      if (!options.tag || !/^[a-z0-9][a-z0-9._/:-]*$/.test(options.tag)) return { error: `--tag takes an image name such as localhost/network-org/mock:mine, got ${JSON.stringify(options.tag ?? '')}` };
    } else return { error: `unknown argument ${arg}` };
  }
  if (options.localBase && options.stageOnly) return { error: 'one of --local-base and --stage-only at most' };
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.error) {
    process.stderr.write(`pnpm image: ${options.error}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options.stageOnly) {
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
  const tags = options.tag ? [options.tag] : [`network-org/mock:${version}`, 'network-org/mock:latest'];
  const buildArgs = ['--build-arg', `VERSION=${version}`];
  if (options.localBase) buildArgs.push('--build-arg', `NODE_IMAGE=${buildLocalBase(engine)}`);
  // podman keeps HEALTHCHECK only in the docker image format.
  const format = engine.name === 'podman' ? ['--format', 'docker'] : [];
  execFileSync(
    engine.name,
    ['build', ...engine.runtime, ...format, '--quiet', ...buildArgs, ...tags.flatMap((tag) => ['--tag', tag]), '--file', join(root, 'Containerfile'), root],
    { env: engine.env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const haproxy = options.localBase ? buildLocalHaproxy(engine) : undefined;
  process.stdout.write(`${[...tags, ...(haproxy ? [haproxy] : [])].join('\n')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
