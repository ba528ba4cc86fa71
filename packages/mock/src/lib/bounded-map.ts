/** Sets `key` in `map`, first dropping its oldest entry when it already holds `max`: a cache that cannot grow without end. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
