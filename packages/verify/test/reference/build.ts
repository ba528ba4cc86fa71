import { schemaOf } from '../../src/check/answer';
import type { MockShapes, RecordShape } from '../../src/check/reference';
import { shapeKey } from '../../src/check/reference';
import { elementSchema, memberSchema, takesCustomFields } from '../../src/check/schema';
import type { Answer } from '../../src/context';

type Schema = NonNullable<ReturnType<typeof schemaOf>>;

/**
 * The mock's shapes from its successful answers: per object path, how many records and, per field the spec names
 * (an open object's own keys aside: custom fields, counts by day), on how many it was present and how many null.
 */
export function buildShapes(answers: readonly Answer[]): MockShapes {
  const shapes: Record<string, RecordShape> = {};
  const visit = (answer: Answer, value: unknown, schema: Schema | undefined, path: string) => {
    if (Array.isArray(value)) {
      const element = schema && elementSchema(schema);
      return value.forEach((item) => visit(answer, item, element, `${path}[*]`));
    }
    if (value === null || typeof value !== 'object') return;
    const key = shapeKey(answer.operation, answer.status, path);
    const open = schema !== undefined && takesCustomFields(schema);
    const shape = (shapes[key] ??= { records: 0, fields: {}, ...(open && { open: true as const }) });
    shape.records++;
    for (const [name, inner] of Object.entries(value)) {
      const member = schema && memberSchema(schema, name);
      if (open && !member) continue;
      const field = (shape.fields[name] ??= [0, 0]);
      field[0]++;
      if (inner === null) field[1]++;
      visit(answer, inner, member, `${path}.${name}`);
    }
  };
  for (const answer of answers) {
    if (answer.status >= 200 && answer.status < 300) visit(answer, answer.body, schemaOf(answer), '$');
  }
  const sorted = Object.fromEntries(
    Object.keys(shapes)
      .sort()
      .map((key) => {
        const shape = shapes[key]!;
        const fields = Object.fromEntries(Object.keys(shape.fields).sort().map((name) => [name, shape.fields[name]!]));
        return [key, { ...shape, fields }];
      }),
  );
  return { version: 1, shapes: sorted };
}

/** The shapes as the file holds them: one line per record path, so that a change to the mock reads as a small diff. */
export function shapesText(shapes: MockShapes): string {
  const lines = Object.entries(shapes.shapes).map(([key, shape]) => `  ${JSON.stringify(key)}: ${JSON.stringify(shape)}`);
  return `{\n "version": ${shapes.version},\n "shapes": {\n${lines.join(',\n')}\n }\n}\n`;
}
