/*
 * Moving a state in time: every instant it holds moves by the same amount, so the state's anchor (the instant its
 * dataset is anchored at; for a snapshot, the instant it was taken) becomes another one and every recorded time keeps
 * its distance from it. An instant is a string that is one ISO date-time and nothing else; notes, which the store
 * keeps as JSON text, are moved inside.
 */

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function shiftedInstant(text: string, deltaMs: number): string {
  const time = Date.parse(text);
  if (Number.isNaN(time)) return text;
  const shifted = new Date(time + deltaMs).toISOString();
  // Whole seconds stay written without milliseconds, as most recorded times are.
  return /\.\d+/.test(text) ? shifted : shifted.replace(/\.000Z$/, 'Z');
}

/** `value` (JSON data) with every instant in it moved by `deltaMs`. */
export function shiftInstants(value: unknown, deltaMs: number, key?: string): unknown {
  if (typeof value === 'string') {
    if (INSTANT.test(value)) return shiftedInstant(value, deltaMs);
    if (key === 'notes_json') return shiftedNotes(value, deltaMs);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => shiftInstants(item, deltaMs));
  if (value !== null && typeof value === 'object') {
    const moved: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) moved[name] = shiftInstants(item, deltaMs, name);
    return moved;
  }
  return value;
}

function shiftedNotes(text: string, deltaMs: number): string {
  let notes: unknown;
  try {
    notes = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(shiftInstants(notes, deltaMs));
}
