#!/usr/bin/env node
// A package's `check` tools over the package as it is packed: `check-packed.mjs publint ARGS` and
// `check-packed.mjs attw ARGS` (are-the-types-wrong), run in the package's folder by `pnpm run check`.
// Alone each tool packs the package itself (publint through the package manager, attw through `npm pack`). In a
// `pnpm test` run (NETWORK_ORG_PACKED names the lanes' shared folder) both check the tarball the lanes pack once for
// test:pack instead: the same files, without packing every package again for each tool (npm pack alone costs
// about 4 s of CPU per package).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sharedFolder } from './shared.mjs';
import { packTarballs } from './tarballs.mjs';

const [tool, ...args] = process.argv.slice(2);
const { name } = JSON.parse(readFileSync('package.json', 'utf8'));

/** The tarball of this package the lanes share, or undefined outside `pnpm test`. */
async function sharedTarball() {
  if (!sharedFolder()) return undefined;
  const packed = await packTarballs(undefined, (text) => console.log(`[${tool} ${name}] ${text}`));
  const file = packed.files[name];
  if (!file) throw new Error(`the shared tarballs hold no ${name}: it is not a published package under packages/`);
  return file;
}

const tarball = await sharedTarball();
const commands = {
  publint: tarball ? ['run', tarball, ...args] : args,
  attw: tarball ? [tarball, ...args] : ['--pack', '.', ...args],
};
if (!(tool in commands)) throw new Error(`check-packed.mjs runs ${Object.keys(commands).join(' or ')}, not ${tool}`);
// pnpm run puts the package's node_modules/.bin, where the tools are, on PATH.
const result = spawnSync(tool, commands[tool], { stdio: 'inherit' });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
