import { createHmac } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';

/*
 * Scrubbing: every value that names or reaches a person or a company is replaced by a fake of the same form (a name by
 * a name, an e-mail by an e-mail, a profile URL by a profile URL), drawn by faker seeded from an HMAC of the salt and
 * the value, so the same value gives the same fake in every record and every run. Every fake carries a short check
 * (a tag derived from the rest of it, or for a name a last name derived from the first), so a fake read back is
 * recognised and kept: a snapshot of a snapshot with the same salt changes nothing further.
 */

const SeededFaker = englishFaker.constructor as typeof Faker;
const TAG_LENGTH = 3;

/** The forms a scrubbed value takes. */
export type ScrubForm = 'name' | 'company' | 'handle' | 'email' | 'phone' | 'url' | 'text' | 'place';

export interface ScrubOptions {
  salt: string;
  /** Field names whose values are kept as they are. */
  keep?: readonly string[];
  /** False keeps every value (`--no-scrub`). */
  scrub?: boolean;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'x';

export class Scrubber {
  readonly enabled: boolean;
  private readonly salt: string;
  private readonly keep: ReadonlySet<string>;
  private readonly faker = new SeededFaker({ locale: englishFaker.rawDefinitions });

  constructor(options: ScrubOptions) {
    this.salt = options.salt;
    this.keep = new Set(options.keep ?? []);
    this.enabled = options.scrub !== false;
  }

  /** `value` of the field `field` in the form `form`, scrubbed unless kept; null and empty stay as they are. */
  field<T extends string | null>(field: string, form: ScrubForm, value: T): T {
    if (value === null || value === '' || !this.enabled || this.keep.has(field)) return value;
    return this.scrub(form, value) as T;
  }

  /** A person's first and last name together (the fake last name is the check of the fake first name). */
  personName(first: string, last: string, fields: [string, string] = ['first_name', 'last_name']): [string, string] {
    if (!this.enabled) return [first, last];
    const [fakeFirst, fakeLast] = this.isFakeName(first, last) ? [first, last] : this.fakeName(`${first} ${last}`);
    return [this.keep.has(fields[0]) ? first : fakeFirst, this.keep.has(fields[1]) ? last : fakeLast];
  }

  /** A seed for what the mock derives from one (a person's work history), from the value it belongs to. */
  seedOf(value: string): number {
    return this.hash('seed', value).readUInt32BE(0) & 0x7fffffff;
  }

  scrub(form: ScrubForm, value: string): string {
    switch (form) {
      case 'name': {
        const space = value.trim().lastIndexOf(' ');
        const [first, last] = space < 0 ? [value.trim(), ''] : [value.trim().slice(0, space), value.trim().slice(space + 1)];
        if (this.isFakeName(first, last)) return value;
        return this.fakeName(value).join(' ');
      }
      case 'handle':
        return this.isTagged(value) ? value : this.tagged(`${slug(this.fakeName(value).join(' '))}-${this.code('handle', value)}`, '');
      case 'email': {
        const at = value.lastIndexOf('@');
        const local = at < 0 ? value : value.slice(0, at);
        if (value.endsWith('@example.com') && this.isTagged(local)) return value;
        const [first, last] = this.fakeName(value);
        return `${this.tagged(`${slug(first)}.${slug(last)}.${this.code('email', value)}`, '')}@example.com`;
      }
      case 'phone': {
        const digits = value.replace(/\D/g, '');
        if (digits.length > TAG_LENGTH && this.digitTag(digits.slice(0, -TAG_LENGTH)) === digits.slice(-TAG_LENGTH)) return value;
        const body = this.digits('phone', value, Math.max(digits.length, 8) - TAG_LENGTH);
        return `${value.startsWith('+') ? '+' : ''}${body}${this.digitTag(body)}`;
      }
      case 'url':
        return this.url(value);
      case 'company': {
        if (this.isTagged(value, ' ')) return value;
        return this.tagged(this.seeded('company', value).company.name(), ' ');
      }
      case 'place': {
        if (this.isTagged(value, ' ')) return value;
        return this.tagged(this.seeded('place', value).location.city(), ' ');
      }
      case 'text': {
        if (this.isTagged(value, ' ')) return value;
        const words = Math.min(60, Math.max(1, value.trim().split(/\s+/).length));
        const text = this.seeded('text', value).lorem.words(words);
        return this.tagged(text.charAt(0).toUpperCase() + text.slice(1), ' ');
      }
    }
  }

  /** A profile URL keeps its shape with a fake handle; any other URL keeps its origin and extension. */
  private url(value: string): string {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return this.scrub('text', value);
    }
    const profile = /^\/(in|company)\/([^/]+)\/?$/.exec(url.pathname);
    if (profile && /(^|\.)network\.com$/.test(url.hostname)) {
      return `https://www.network.com/${profile[1]}/${this.scrub('handle', decodeURIComponent(profile[2] as string))}`;
    }
    const path = url.pathname.replace(/^\/+/, '');
    const extension = /\.[a-z0-9]{1,5}$/i.exec(path)?.[0] ?? '';
    const name = path.slice(0, path.length - extension.length);
    if (url.search === '' && url.hash === '' && /^[a-z0-9]+$/.test(name) && this.isTagged(name, '')) return value;
    if (path === '' && /\.example\.com$/.test(url.hostname) && this.isTagged(url.hostname.slice(0, -'.example.com'.length), '')) return value;
    if (path === '') return `${url.protocol}//${this.tagged(`${slug(this.seeded('site', value).company.name())}${this.code('site', value)}`.replace(/-/g, ''), '')}.example.com`;
    return `${url.origin}/${this.tagged(this.code('url', value, 12), '')}${extension}`;
  }

  private fakeName(value: string): [string, string] {
    const first = this.seeded('first', value).person.firstName();
    return [first, this.lastNameOf(first)];
  }

  private lastNameOf(first: string): string {
    return this.seeded('last', first).person.lastName();
  }

  private isFakeName(first: string, last: string): boolean {
    return first !== '' && last !== '' && this.lastNameOf(first) === last;
  }

  private hash(form: string, value: string): Buffer {
    return createHmac('sha256', this.salt).update(`${form}\0${value}`).digest();
  }

  private seeded(form: string, value: string): Faker {
    this.faker.seed(this.hash(form, value).readUInt32BE(0));
    return this.faker;
  }

  private code(form: string, value: string, length = 6): string {
    return BigInt(`0x${this.hash(form, value).toString('hex').slice(0, 16)}`).toString(36).padStart(length, '0').slice(0, length);
  }

  private digits(form: string, value: string, length: number): string {
    const bytes = this.hash(form, value);
    return Array.from({ length }, (_, index) => String((bytes[index % bytes.length] as number) % 10)).join('').replace(/^0/, '1');
  }

  private tag(text: string): string {
    return this.code('tag', text, TAG_LENGTH);
  }

  private digitTag(digits: string): string {
    return String(this.hash('tag', digits).readUInt32BE(0) % 10 ** TAG_LENGTH).padStart(TAG_LENGTH, '0');
  }

  private tagged(text: string, separator: string): string {
    return `${text}${separator}${this.tag(text)}`;
  }

  private isTagged(value: string, separator = ''): boolean {
    const cut = value.length - TAG_LENGTH - separator.length;
    if (cut < 1 || value.slice(cut, cut + separator.length) !== separator) return false;
    return this.tag(value.slice(0, cut)) === value.slice(-TAG_LENGTH);
  }
}
