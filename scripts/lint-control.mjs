#!/usr/bin/env node
// `pnpm lint:control`: lints the control API's OpenAPI description as `pnpm lint:spec` lints the API's (the same
// Redocly rules, redocly.yaml). The description is what `GET /__mock/control.openapi.json` serves, written from
// the table that routes the control API; it is taken from the built mock (`pnpm build` first) into a scratch file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'packages/mock/dist/index.js');
if (!existsSync(built)) {
  console.error('pnpm lint:control: packages/mock/dist is missing; run `pnpm build` first.');
  process.exit(1);
}
const { createMockApi } = await import(built);
const mock = createMockApi({ baseUrl: 'http://127.0.0.1:4010', contactsPerAccount: 1, networkSize: 1 });
const reply = await mock.fetch('/__mock/control.openapi.json');
if (reply.status !== 200) {
  console.error(`pnpm lint:control: GET /__mock/control.openapi.json answered ${reply.status}`);
  process.exit(1);
}
const scratch = mkdtempSync(join(tmpdir(), 'control-openapi-'));
const file = join(scratch, 'control.openapi.json');
writeFileSync(file, await reply.text());
const lint = spawnSync(process.execPath, [join(root, 'scripts/redocly.mjs'), 'lint', file, '--config', join(root, 'redocly.yaml'), '--format=stylish'], { stdio: 'inherit', cwd: root });
rmSync(scratch, { recursive: true, force: true });
process.exit(lint.status ?? 1);
