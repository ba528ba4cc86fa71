#!/usr/bin/env node
// A package's `check`: are-the-types-wrong (attw) over the package as it is packed, with the arguments given
// (`--profile node16`). Alone it runs `attw --pack .` (attw runs `npm pack` in the package). In a `pnpm test` run
// (NETWORK_ORG_PACKED names the lanes' shared folder) it checks the tarball the lanes pack once for test:pack
// instead: the same files, without packing every package a second time (about 4 s of CPU each for npm pack).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sharedFolder } from './shared.mjs';
import { packTarballs } from './tarballs.mjs';

const args = process.argv.slice(2);
const { name } = JSON.parse(readFileSync('package.json', 'utf8'));
let target = '.';
let pack = ['--pack'];
if (sharedFolder()) {
  const packed = await packTarballs(undefined, (text) => console.log(`[attw ${name}] ${text}`));
  target = packed.files[name];
  if (!target) throw new Error(`the shared tarballs hold no ${name}: it is not a published package under packages/`);
  pack = [];
}
// pnpm run puts the package's node_modules/.bin, where attw is, on PATH.
const attw = spawnSync('attw', [...pack, target, ...args], { stdio: 'inherit' });
if (attw.error) throw attw.error;
process.exit(attw.status ?? 1);
