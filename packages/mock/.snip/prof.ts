import { readFileSync } from 'node:fs';
import { readJsonObjectBody } from '../src/engine/request-body';
for (const f of ['flat', 'flatobj', 'manykeys', 'deeparr', 'deepobj2']) {
  const bytes = new Uint8Array(readFileSync(`/tmp/${f}.json`));
  let t = performance.now(); const text = new TextDecoder().decode(bytes); const d1 = performance.now() - t;
  t = performance.now(); try { JSON.parse(text); } catch {} const d2 = performance.now() - t;
  t = performance.now(); try { readJsonObjectBody(bytes, true); } catch (e: any) { } const d3 = performance.now() - t;
  console.log(f, 'decode', d1.toFixed(1), 'parse', d2.toFixed(1), 'readJsonObjectBody', d3.toFixed(1));
}
