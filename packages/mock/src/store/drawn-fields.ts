import { z } from 'zod';
import type { Random } from './random';

/*
 * A record's builder sets the fields it knows; a nullable field it leaves out (one the spec or the record's kind
 * gained later) is drawn here, each from its own stream keyed by the field's name and the record's id, never from
 * the dataset's stream. So a new field has values in the seeded dataset without moving a single value of the other
 * fields: the dataset page and every sample stay as they were. The values come from the field's schema: its
 * `examples` in the spec, its enum, a boolean or a number in its bounds, null half of the time; a string without
 * `examples` stays null until something sets it.
 */

type NullableKeys<R> = { [K in keyof R]-?: null extends R[K] ? K : never }[keyof R];

/** A record as its builder makes it: its nullable fields may be left out, to be drawn by `withDrawnFields`. */
export type Built<R> = Omit<R, NullableKeys<R>> & Partial<Pick<R, NullableKeys<R>>>;

const nullableKeysOf = new WeakMap<z.ZodObject, readonly string[]>();

/** The fields of `kind` that may be null: a builder may leave them out, and a state file that lacks one reads null. */
export function nullableKeys(kind: z.ZodObject): readonly string[] {
  let keys = nullableKeysOf.get(kind);
  if (!keys) {
    keys = Object.entries(kind.shape)
      .filter(([, field]) => field instanceof z.ZodNullable)
      .map(([key]) => key);
    nullableKeysOf.set(kind, keys);
  }
  return keys;
}

/** A value for `schema` from `random`: one of its examples or enum values, a boolean, a number in its bounds, or null. */
function drawValue(schema: z.core.$ZodType, random: Random): unknown {
  if (schema instanceof z.ZodNullable) return random.chance(0.5) ? null : drawValue(schema.unwrap(), random);
  const examples = schema instanceof z.ZodType ? schema.meta()?.['examples'] : undefined;
  if (Array.isArray(examples) && examples.length > 0) return random.pick(examples);
  if (schema instanceof z.ZodEnum) return random.pick(schema.options);
  if (schema instanceof z.ZodLiteral) return schema.value;
  if (schema instanceof z.ZodBoolean) return random.chance(0.5);
  if (schema instanceof z.ZodNumber) {
    const min = Math.max(schema.minValue ?? 0, -1_000_000);
    const max = Math.min(schema.maxValue ?? Math.max(min, 0) + 1000, min + 1_000_000);
    return schema.format === 'safeint' ? random.int(Math.ceil(min), Math.floor(max)) : min + random.next() * (max - min);
  }
  if (schema instanceof z.ZodArray) return [];
  return null;
}

/**
 * Fills the nullable fields of `kind` that `record` leaves out, each from `streamOf(field)`, in place: the record is
 * new and not stored yet. A record whose builder set every field is returned untouched.
 */
export function withDrawnFields<R>(kind: z.ZodObject, record: Built<R>, streamOf: (field: string) => Random): R {
  const fields = record as Record<string, unknown>;
  for (const key of nullableKeys(kind)) {
    if (fields[key] === undefined) fields[key] = drawValue(kind.shape[key] as z.core.$ZodType, streamOf(key));
  }
  return record as R;
}
