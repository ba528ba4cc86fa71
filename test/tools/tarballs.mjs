// The published packages as a user receives them: a temporary copy of the repo, installed as a fresh clone is
// (`pnpm install --frozen-lockfile`, whose output test:pack checks is quiet), runs `changeset version` (never the
// checkout: its result is not committed), `pnpm pack` packs every published package of the copy from its built dist
// (workspace: ranges become real versions), and each tarball is checked to stand on its own.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './process.mjs';
import { makeOnce, sharedFolder } from './shared.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

const readManifest = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/** Every workspace package under packages/, with its manifest. */
function workspacePackages(repo) {
  return readdirSync(join(repo, 'packages'))
    .map((name) => join(repo, 'packages', name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: readManifest(dir) }));
}

/** The published packages: every non-private workspace package under packages/. */
export const publishedPackages = (repo = root) => workspacePackages(repo).filter(({ manifest }) => !manifest.private);

/** Every file a manifest points at (`exports`, `bin`, `main`, `types`). */
function manifestTargets(manifest) {
  const targets = [];
  const walk = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk([manifest.exports, manifest.bin, manifest.main, manifest.module, manifest.types]);
  return targets.filter((target) => !target.endsWith('package.json'));
}

/** The tarballs are packed from the built `dist` (`pnpm build` first; `pnpm test` does): it must be complete. */
export function checkBuilt(packages = publishedPackages()) {
  for (const { dir, manifest } of packages) {
    const missing = manifestTargets(manifest).filter((target) => !existsSync(join(dir, target)));
    if (missing.length > 0) {
      throw new Error(`${manifest.name} is not built (missing ${missing.join(', ')}): run \`pnpm build\` first.`);
    }
  }
}

/** The checkout's files as git sees them (tracked and new, not ignored): what a fresh clone holds. */
export function copyCheckout(target) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && existsSync(join(root, file)) && statSync(join(root, file)).isFile());
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(root, file), join(target, file));
  }
}

// Module specifiers in built code and declarations: `from 'x'`, `import 'x'`, `import('x')`, `require('x')`.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(["'])([@a-z][\w@./:-]*)\1/g;
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * A published tarball must install on its own: no `workspace:` range, no dependency on a private workspace
 * package (they are bundled at build time), and its code and declarations import only Node's built-ins, itself
 * and the packages it declares (dependencies, peerDependencies): anything else would be missing or private
 * for a user who installs it.
 */
function checkTarball(file, privateNames) {
  const manifest = JSON.parse(execFileSync('tar', ['-xOzf', file, 'package/package.json'], { encoding: 'utf8' }));
  const problems = [];
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (String(range).startsWith('workspace:')) problems.push(`${field} has a workspace: range for ${name}`);
      if (privateNames.includes(name)) problems.push(`${field} names the private package ${name}`);
    }
  }
  const declared = new Set([manifest.name, ...['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {}))]);
  // Source maps quote the sources (imports of the private package included); the code and declarations must not.
  const contents = execFileSync('tar', ['-xOzf', file, '--wildcards', '--exclude=*.map', 'package/dist/*'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  for (const name of privateNames) if (contents.includes(name)) problems.push(`a file in dist names the private package ${name}`);
  const undeclared = new Set(
    [...contents.matchAll(SPECIFIER)]
      .map((match) => match[2])
      .filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier))
      .map(packageOf)
      .filter((name) => !declared.has(name)),
  );
  for (const name of undeclared) problems.push(`dist imports ${name}, which package.json does not declare`);
  if (problems.length > 0) throw new Error(`${manifest.name}'s tarball does not stand on its own:\n  ${problems.join('\n  ')}`);
  return manifest;
}

/**
 * Packs every published package into `work/tarballs` after `changeset version` in `work/repo`.
 * Resolves with `{ files: {name: tarball path}, versions: {name: version}, manifests: {name: manifest}, install }`,
 * `install` being the output of the copy's `pnpm install --frozen-lockfile` (a fresh clone's first command).
 * When `NETWORK_ORG_PACKED` names a folder (`node scripts/test.mjs` gives its lanes one: the package checks' publint
 * and attw, test:pack and, under --ci, test:runtimes take the same tarballs), the packing is done once there: the first caller
 * packs, the others wait for its result and share it.
 */
export async function packTarballs(work, step = () => {}) {
  const shared = sharedFolder();
  return shared ? makeOnce(shared, 'tarballs', (folder) => packInto(folder, step), step) : packInto(work, step);
}

async function packInto(work, step) {
  const packages = publishedPackages();
  checkBuilt(packages);
  const privateNames = workspacePackages(root)
    .filter(({ manifest }) => manifest.private)
    .map(({ manifest }) => manifest.name);

  const repo = join(work, 'repo');
  copyCheckout(repo);
  // The copy is a fresh clone until its install is done: test:pack checks this install's output (quiet-install.mjs),
  // and pnpm pack resolves `workspace:` ranges from the links it makes. One install serves both.
  const install = await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: repo });
  for (const { dir } of packages) cpSync(join(dir, 'dist'), join(repo, dir.slice(root.length), 'dist'), { recursive: true });
  step(`copied the repo to ${repo}, installed it as a fresh clone and copied the built dist folders into it`);

  await run(process.execPath, [join(root, 'node_modules/@changesets/cli/bin.js'), 'version'], { cwd: repo });
  const versioned = publishedPackages(repo);
  step(`changeset version: ${versioned.map(({ manifest }) => `${manifest.name}@${manifest.version}`).join(', ')}`);

  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs, { recursive: true });
  const result = { files: {}, versions: {}, manifests: {}, install };
  // One pnpm packs them all (a pnpm start-up costs about 1.5 s of CPU): each tarball is then known by its manifest.
  const filters = versioned.flatMap(({ manifest }) => ['--filter', manifest.name]);
  const output = await run('pnpm', [...filters, '--recursive', 'pack', '--pack-destination', tarballs], { cwd: repo });
  const files = readdirSync(tarballs).filter((name) => name.endsWith('.tgz')).map((name) => join(tarballs, name));
  const byName = new Map();
  for (const file of files) {
    const manifest = checkTarball(file, privateNames);
    byName.set(manifest.name, { file, manifest });
  }
  for (const { manifest } of versioned) {
    const packed = byName.get(manifest.name);
    if (!packed) throw new Error(`pnpm pack made no tarball of ${manifest.name}:\n${output}`);
    result.manifests[manifest.name] = packed.manifest;
    result.files[manifest.name] = packed.file;
    result.versions[manifest.name] = manifest.version;
  }
  const extra = [...byName.keys()].filter((name) => !(name in result.files));
  if (extra.length > 0) throw new Error(`pnpm pack packed ${extra.join(', ')}, which is not a published package`);
  step(`packed ${Object.values(result.files).map((file) => file.slice(tarballs.length + 1)).join(', ')}: each imports only what it declares, none names ${privateNames.join(', ')}`);
  return result;
}
