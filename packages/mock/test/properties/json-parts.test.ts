// Bodies holding records of known JSON (the cached contact list entries) are written by splicing their bytes in:
// whatever the body, the bytes must be exactly JSON.stringify's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinJsonParts, jsonAnswer, toJsonBytes, toJsonParts } from '../../src/engine/respond';
import { withCachedJson } from '../../src/wire/cached-json';

const encoder = new TextEncoder();

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** A record whose JSON is registered as known, as the contact list cache does. */
const knownRecord = fc.jsonValue({ maxDepth: 3 }).map((value) => {
  const record = { value, note: 'Grüße 🚀' };
  return withCachedJson(record, encoder.encode(JSON.stringify(record)));
});

// Plain values with known records, and arrays of them, mixed in at every level the splicing looks at.
const body = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    knownRecord,
    fc.array(knownRecord, { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 }),
    fc.dictionary(fc.constantFrom('a', '1', '__proto__', 'undefined', 'Grüße 🚀'), fc.constantFrom(undefined, 1, 'x')),
    // Text beside known records that is not ASCII (written into the buffer as UTF-8).
    fc.dictionary(fc.constantFrom('Grüße', '🚀 \u2028'), fc.array(knownRecord, { maxLength: 2 }), { maxKeys: 2 }),
  ),
})).node;

describe('toJsonBytes', () => {
  it('gives the bytes of JSON.stringify for any body, known records spliced or not', () => {
    fc.assert(
      fc.property(body, (value) => {
        expect(text(toJsonBytes(value))).toBe(JSON.stringify(value) ?? 'null');
      }),
      { numRuns: 500 },
    );
  });

  it('splices a page of known records instead of serializing them again', () => {
    // Registered bytes that are not the record's own JSON show that they, not a new serialization, went out.
    const contact = withCachedJson({ contact_id: '1' }, encoder.encode('{"contact_id":"cached"}'));
    const bytes = toJsonBytes({ data: { contacts: [contact, contact], pagination: { limit: 2, has_more: false } } });
    expect(text(bytes)).toBe('{"data":{"contacts":[{"contact_id":"cached"},{"contact_id":"cached"}],"pagination":{"limit":2,"has_more":false}}}');
  });

  it('gives parts that add up to the bytes of JSON.stringify, and say their length in bytes (the Content-Length sent)', () => {
    fc.assert(
      fc.property(body, (value) => {
        const json = toJsonParts(value);
        const expected = encoder.encode(JSON.stringify(value) ?? 'null');
        expect(json.byteLength).toBe(expected.byteLength);
        expect(text(joinJsonParts(json))).toBe(text(expected));
        expect(text(jsonAnswer(200, value).body)).toBe(text(expected));
      }),
      { numRuns: 500 },
    );
  });
});
