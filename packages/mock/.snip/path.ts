import { readJsonObjectBody } from '../src/engine/request-body';
for (const body of ['{"__proto__":1}', '{"a":{"b":[1,{"constructor":2}]}}', '{"a":[[{"prototype":1}]]}', '{"tags":{"add":[{"name":"x","__proto__":{}}]}}', '{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"["}', '{"a":' + '['.repeat(33) + ']'.repeat(33) + '}', '{"a":' + '['.repeat(31) + ']'.repeat(31) + '}']) {
  try { console.log(JSON.stringify(readJsonObjectBody(new TextEncoder().encode(body), true)).slice(0, 60)); } catch (e: any) { console.log(e.message); }
}
