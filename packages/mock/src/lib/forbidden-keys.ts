// Keys that could reach an object's prototype if a body were ever merged into a record.
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

interface Container {
  value: object;
  parent: Container | undefined;
  key: string | number;
}

function pathOf(container: Container, key: string): string {
  let path = key;
  for (let at: Container | undefined = container; at?.parent !== undefined; at = at.parent) {
    path = typeof at.key === 'number' ? `[${at.key}]${path.startsWith('[') ? '' : '.'}${path}` : `${at.key}.${path}`;
  }
  return path.replace(/\.\[/g, '[');
}

/**
 * The path of a prototype-polluting key, if any. Walks containers only, with an explicit stack (deep nesting
 * cannot overflow it), and spells a path only for the key it reports, so a large body costs one cheap pass.
 */
export function findForbiddenKey(root: object): string | undefined {
  const pending: Container[] = [{ value: root, parent: undefined, key: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value } = next;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (item !== null && typeof item === 'object') pending.push({ value: item, parent: next, key: index });
      }
      continue;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (FORBIDDEN_KEYS.has(key)) return pathOf(next, key);
      const item: unknown = (value as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') pending.push({ value: item, parent: next, key });
    }
  }
  return undefined;
}
