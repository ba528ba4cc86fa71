// Run by a Node older than 22.12 in the project that installed msw 3: importing the mock, from ESM and from
// CommonJS, must throw at once (not at the first request), naming msw 3, this Node and the fix (msw@2).
import { createRequire } from 'node:module';

const expected = ['msw 3 needs Node.js 22.12', `this is Node.js ${process.versions.node}`, 'msw@2'];

async function refusal(load) {
  try {
    await load();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const missing = expected.filter((part) => !message.includes(part));
    if (missing.length > 0) throw new Error(`the refusal does not say ${missing.join(', ')}:\n${message}`);
    return message;
  }
  throw new Error(`@network-org/mock loaded with msw 3 on Node ${process.versions.node}: expected a refusal at import`);
}

await refusal(() => import('@network-org/mock'));
const message = await refusal(() => createRequire(import.meta.url)('@network-org/mock'));
console.log(`msw-pairing: refused at import: ${message}`);
