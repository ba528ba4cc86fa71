// Node, Bun and Deno: `<runtime> cli-entry.mjs MOCK_URL NAME` prints the smoke's result as JSON.
import { inspect } from 'node:util';
import { smoke } from './smoke.mjs';

const [baseUrl, runtime] = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
console.log(JSON.stringify(await smoke(baseUrl, runtime, inspect)));
