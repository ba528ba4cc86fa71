#!/usr/bin/env node
// `redocly ARGS...` as the root scripts run it (`pnpm lint:spec`, `pnpm run docs`): telemetry off, and without the
// boxed "Node.js 20 support is ending" notice it prints on Node 20 before every command. The pinned Redocly CLI
// runs on Node 20; the notice is about its later releases, which CONTRIBUTING.md's toolchain list already names.
// Everything else it writes passes through unchanged, and its exit code is ours.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const manifestPath = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
const cli = join(dirname(manifestPath), 'bin/cli.js');
const NOTICE = 'support is ending';

const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], {
  stdio: ['inherit', 'inherit', 'pipe'],
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', ...(process.stderr.isTTY ? { FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : {}) },
});

// A box runs from its ╔ line to its ╚ line; it is held back until it ends, then dropped with the blank lines around
// it if it is the notice. Blank lines are held until the next line says whether they frame the notice.
let pending = '';
let blanks = [];
let box = null;
let afterNotice = false;
function write(line) {
  if (box !== null) {
    box.push(line);
    if (!line.includes('╚')) return;
    const text = box.join('');
    box = null;
    afterNotice = text.includes(NOTICE);
    if (!afterNotice) process.stderr.write(text);
  } else if (line.trim() === '') {
    if (!afterNotice) blanks.push(line);
  } else if (line.includes('╔')) {
    box = [...blanks, line];
    blanks = [];
  } else {
    process.stderr.write(blanks.join('') + line);
    blanks = [];
    afterNotice = false;
  }
}
child.stderr.setEncoding('utf8');
child.stderr.on('data', (chunk) => {
  pending += chunk;
  let end;
  while ((end = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, end + 1);
    pending = pending.slice(end + 1);
    write(line);
  }
});
child.on('close', (code, signal) => {
  if (pending) write(pending);
  process.stderr.write(blanks.join('') + (box ?? []).join(''));
  process.exitCode = signal ? 1 : (code ?? 1);
});
