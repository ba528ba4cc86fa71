// LocalStack-style transformers: every value that names a person, a record or a moment becomes a stable
// placeholder (`<id:1>`, `<email:2>`, `<instant>`), so that a recording can be shared and diffed. The same
// value gets the same placeholder within one file; values that are behaviour (statuses, kinds, codes) stay.

/** Values of these keys are enumerations or codes: they are what a recording is for, and they stay. */
const KEEP = new Set([
  'status', 'kind', 'type', 'view_kind', 'relationship_status', 'direction', 'event_type', 'channel', 'source',
  'attribution_method', 'tag_attribution', 'code', 'color', 'state', 'step_type', 'trigger_type', 'message_mode',
  'provider', 'invite_state', 'invite_type', 'timezone', 'error_code', 'to_exclusive', 'has_more', 'headcount',
  'message_source', 'employment_type', 'mime_type', 'limit',
]);
const NAMES = new Set([
  'name', 'first_name', 'last_name', 'full_name', 'display_name', 'company_name', 'school_name', 'primary_company_name',
  'organization_name', 'file_name',
]);
/** Keys whose values are locations: lists of places, or one. */
const LOCATIONS = new Set(['locations', 'location']);
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const DATE = /^\d{4}(-\d{2}){0,2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_TEXT = /^[a-z][a-z0-9+.-]*:\/\//i;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const NUMERIC = /^[0-9]+$/;

const isIdKey = (key: string) => key === 'id' || key.endsWith('_id') || key.endsWith('_ids') || key === 'public_identifier' || key === 'subject_key' || key === 'conversationId';

export class Normalizer {
  readonly #seen = new Map<string, Map<string, number>>();

  #placeholder(kind: string, value: string): string {
    let values = this.#seen.get(kind);
    if (!values) this.#seen.set(kind, (values = new Map()));
    let n = values.get(value);
    if (n === undefined) values.set(value, (n = values.size + 1));
    return `<${kind}:${n}>`;
  }

  /** A string value, given the key it sits under. */
  text(key: string | undefined, value: string): string {
    if (value === '') return value;
    if (key !== undefined && KEEP.has(key)) return value;
    if (key === 'cursor' || key === 'next_cursor') return '<cursor>';
    if (INSTANT.test(value)) return '<instant>';
    if (EMAIL.test(value)) return this.#placeholder('email', value);
    if (URL_TEXT.test(value)) return this.#placeholder('url', value);
    if (key !== undefined && isIdKey(key)) return this.#placeholder('id', value);
    if (DATE.test(value)) return '<date>';
    if (key !== undefined && NAMES.has(key)) return this.#placeholder('name', value);
    if (PHONE.test(value) && /\d{3}/.test(value)) return this.#placeholder('phone', value);
    if (NUMERIC.test(value)) return this.#placeholder('id', value);
    return '<text>';
  }

  /** An object key: ids and dates used as keys (counts by user, by day) become placeholders too. */
  key(key: string): string {
    if (NUMERIC.test(key)) return this.#placeholder('id', key);
    if (DATE.test(key)) return this.#placeholder('date', key);
    return key;
  }

  /**
   * A value, given the key it sits under. Everything inside a location (`locations[*]`) says where someone is:
   * each of its strings becomes a place, whatever its key (a location's `state` is a region, not a step's state).
   */
  value(value: unknown, key?: string, inPlace = false): unknown {
    const place = inPlace || (key !== undefined && LOCATIONS.has(key));
    if (typeof value === 'string') return place && value !== '' ? this.#placeholder('place', value) : this.text(key, value);
    if (typeof value === 'number' && key !== undefined && isIdKey(key)) return this.#placeholder('id', String(value));
    if (Array.isArray(value)) return value.map((item) => this.value(item, key, place));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.key(k), this.value(v, k, place)]));
    }
    return value;
  }

  /** A request line: ids in the path and every query value normalized. */
  request(method: string, url: string): string {
    const parsed = new URL(url, 'http://target.invalid');
    const path = parsed.pathname
      .split('/')
      .map((segment) => (NUMERIC.test(segment) ? this.#placeholder('id', segment) : segment))
      .join('/');
    const query = [...parsed.searchParams].map(([name, value]) => `${name}=${value.split(',').map((v) => this.text(name, v)).join(',')}`);
    return `${method} ${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  }
}
