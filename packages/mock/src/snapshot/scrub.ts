import { createHmac, randomBytes } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import { MEDIA_ORIGIN } from '../store/urls';
import { fakeHeadline, fakeRoleTitle, type HeadlineContext } from './role-words';

/*
 * Scrubbing: every value that names or reaches a person or a company is replaced by a fake of its kind, drawn by
 * faker seeded from an HMAC of a secret salt, the form and the value (or the person's or company's identity), so the
 * same value gives the same fake in every record of a run and relations hold. A fake never equals the value it
 * replaces, and no value is ever kept because it looks like a fake: a snapshot of a snapshot is scrubbed again.
 * Without a salt given, a random one is drawn per run, so nobody holding only the file and the public tool can match
 * a guess list against it.
 */

const SeededFaker = englishFaker.constructor as typeof Faker;
const location = englishFaker.rawDefinitions.location ?? {};
const US_STATES: readonly string[] = location.state ?? [];
const US_STATE_CODES: readonly string[] = location.state_abbr ?? [];

export interface ScrubOptions {
  /** What the fakes are drawn from; a random one per run when not given (see `saltDrawn`). */
  salt?: string;
  /** Field names whose values are kept as they are. */
  keep?: readonly string[];
  /** False keeps every value (`--no-scrub`). */
  scrub?: boolean;
}

export interface FakePerson {
  first: string;
  last: string;
  handle: string;
}

export interface FakeCompany {
  name: string;
  handle: string;
  /** The company's web domain: its website's host and its people's e-mail domain. */
  domain: string;
}

export interface Place {
  network_text?: string | null;
  display_text?: string | null;
  country_code?: string | null;
  region_code?: string | null;
  country?: string | null;
  country_full?: string | null;
  state?: string | null;
  city?: string | null;
  geographic_area?: string | null;
}

/** A random salt: 144 bits, URL-safe. */
export const drawSalt = (): string => randomBytes(18).toString('base64url');

/** The handle form of a name: lower case, ASCII letters and digits, words joined by hyphens. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The local part of a person's e-mail as the network's organizations write it: `first.last`. */
const emailLocal = (first: string, last: string) => `${first}.${last}`.toLowerCase().normalize('NFKD').replace(/[^a-z0-9.-]/g, '');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{7,}$/;

export class Scrubber {
  readonly enabled: boolean;
  readonly salt: string;
  /** True when no salt was given and this run drew its own. */
  readonly saltDrawn: boolean;
  private readonly keep: ReadonlySet<string>;
  private readonly faker = new SeededFaker({ locale: englishFaker.rawDefinitions });

  constructor(options: ScrubOptions = {}) {
    this.saltDrawn = options.salt === undefined;
    this.salt = options.salt ?? drawSalt();
    this.keep = new Set(options.keep ?? []);
    this.enabled = options.scrub !== false;
  }

  /** The same choices with another salt (a resumed run goes on with its checkpoint's). */
  withSalt(salt: string): Scrubber {
    return new Scrubber({ salt, keep: [...this.keep], scrub: this.enabled });
  }

  /** Whether `field` keeps its values as they are. */
  kept(field: string): boolean {
    return !this.enabled || this.keep.has(field);
  }

  /** A person's fake name and handle, from the person's identity (the source's handle). */
  person(identity: string, first: string, last: string): FakePerson {
    const faker = this.seeded('person', identity);
    let fakeFirst = faker.person.firstName();
    let fakeLast = faker.person.lastName();
    for (let attempt = 0; `${fakeFirst} ${fakeLast}`.toLowerCase() === `${first} ${last}`.toLowerCase() && attempt < 20; attempt++) {
      fakeFirst = faker.person.firstName();
      fakeLast = faker.person.lastName();
    }
    const name = [slug(fakeFirst), slug(fakeLast)].filter((part) => part !== '').join('-') || 'member';
    return {
      first: this.kept('first_name') ? first : fakeFirst,
      last: this.kept('last_name') ? last : fakeLast,
      handle: this.kept('public_identifier') ? identity : `${name}-${this.code('person-handle', identity, 4)}`,
    };
  }

  /** A name that stands alone (an account's display name), keyed on itself. */
  name(field: string, value: string): string {
    if (value === '' || this.kept(field)) return value;
    const space = value.trim().lastIndexOf(' ');
    const fake = this.person(`name\0${value}`, value.slice(0, Math.max(space, 0)), value.slice(space + 1));
    return `${fake.first} ${fake.last}`;
  }

  /** A company's fake name, handle and domain, from its identity (the source's handle, or its name). */
  company(identity: string, name: string): FakeCompany {
    const faker = this.seeded('company', identity);
    let fake = faker.company.name();
    for (let attempt = 0; fake.toLowerCase() === name.toLowerCase() && attempt < 20; attempt++) fake = faker.company.name();
    const handle = `${slug(fake) || 'company'}-${this.code('company-handle', identity, 4)}`;
    return { name: this.kept('name') ? name : fake, handle: this.kept('public_identifier') ? identity : handle, domain: `${handle}.example.com` };
  }

  /** A person's e-mail: the fake name's `first.last` at the fake company's domain. */
  email(field: string, value: string | null, person: FakePerson, company?: FakeCompany): string | null {
    if (value === null || value === '' || this.kept(field)) return value;
    const fake = `${emailLocal(person.first, person.last)}@${company?.domain ?? 'example.com'}`;
    return fake.toLowerCase() === value.toLowerCase() ? `${emailLocal(person.first, person.last)}1@${company?.domain ?? 'example.com'}` : fake;
  }

  /** Digits replaced one for one, the layout kept, and a leading `+` with its country code. */
  phone(field: string, value: string | null): string | null {
    if (value === null || value === '' || this.kept(field)) return value;
    const code = value.startsWith('+') ? (/^\+(\d{1,3})[\s.-]/.exec(value)?.[1] ?? value.slice(1, 2)) : '';
    const prefix = code === '' ? '' : `+${code}`;
    const rest = value.slice(prefix.length);
    const bytes = this.hash('phone', value);
    for (let attempt = 0; ; attempt++) {
      let at = attempt;
      let first = true;
      const fake = rest.replace(/\d/g, () => {
        const digit = ((bytes[at++ % bytes.length] as number) + attempt * 7) % 10;
        const drawn = first && digit === 0 ? 1 + ((bytes[at % bytes.length] as number) % 9) : digit;
        first = false;
        return String(drawn);
      });
      if (fake.replace(/\D/g, '') !== rest.replace(/\D/g, '') || attempt > 20) return `${prefix}${fake}`;
    }
  }

  /** A URL that is no profile or website: the mock's media origin, a path from the value, the same extension. */
  mediaUrl(field: string, value: string | null, kind: string): string | null {
    if (value === null || value === '' || this.kept(field)) return value;
    let path = value;
    try {
      path = new URL(value).pathname;
    } catch {
      // Not a URL: only its extension, if any, is read.
    }
    const extension = /\.[a-z0-9]{1,5}$/i.exec(path)?.[0]?.toLowerCase() ?? '';
    return `${MEDIA_ORIGIN}/${kind}/${this.code(`media-${kind}`, value, 10)}/${field.replace(/_url$/, '')}${extension}`;
  }

  /** A file name of English words with the same extension. */
  fileName(field: string, value: string | null): string | null {
    if (value === null || value === '' || this.kept(field)) return value;
    const extension = /\.[a-z0-9]{1,5}$/i.exec(value)?.[0] ?? '';
    const faker = this.seeded('file', value);
    return `${slug(faker.word.words(faker.number.int({ min: 1, max: 3 })))}${extension}`;
  }

  /** A role title of the same role words (see role-words.ts). */
  roleTitle(field: string, value: string | null): string | null {
    if (value === null || value === '' || this.kept(field)) return value;
    return fakeRoleTitle(this.seeded('role', value), value);
  }

  /** A headline of the same role words, naming the fake role title and company where the source named the real ones. */
  headline(field: string, value: string | null, context: HeadlineContext = {}): string | null {
    if (value === null || value === '' || this.kept(field)) return value;
    return fakeHeadline(this.seeded('headline', value), value, context);
  }

  /** Free text: English words, as many as the source's (up to 60), a sentence when it was one. */
  text(field: string, value: string | null): string | null {
    if (value === null || value === '' || this.kept(field)) return value;
    const faker = this.seeded('text', value);
    const count = Math.min(60, Math.max(1, value.trim().split(/\s+/).length));
    let fake = '';
    for (let attempt = 0; (fake === '' || fake === value) && attempt < 20; attempt++) fake = faker.word.words(count);
    const sentence = /^\p{Lu}/u.test(value.trim()) ? fake.charAt(0).toUpperCase() + fake.slice(1) : fake;
    return /[.!?]$/.test(value.trim()) ? `${sentence}.` : sentence;
  }

  /** A value of a free-text field whose form is read from the value: an e-mail, a phone, a URL or text. */
  freeValue(field: string, value: string): string {
    if (value === '' || this.kept(field)) return value;
    if (EMAIL.test(value)) {
      const person = this.person(`email\0${value}`, '', '');
      return this.email(field, value, person) as string;
    }
    if (PHONE.test(value) && /\d{6}/.test(value.replace(/\D/g, ''))) return this.phone(field, value) as string;
    if (/^https?:\/\//i.test(value)) return this.mediaUrl(field, value, 'file') as string;
    return this.text(field, value) as string;
  }

  /** A place of the same country: a faker city, and a faker state (a US state in the US, a county elsewhere). */
  place(value: Place | undefined): Required<Place> {
    const source = {
      network_text: value?.network_text ?? '',
      display_text: value?.display_text ?? '',
      country_code: value?.country_code ?? '',
      region_code: value?.region_code ?? '',
      country: value?.country ?? '',
      country_full: value?.country_full ?? '',
      state: value?.state ?? '',
      city: value?.city ?? '',
      geographic_area: value?.geographic_area ?? '',
    };
    if (!this.enabled) return source;
    const faker = this.seeded('place', JSON.stringify([source.city, source.state, source.country_code]));
    let city = this.kept('city') || source.city === '' ? source.city : faker.location.city();
    if (city === source.city && !this.kept('city') && source.city !== '') city = faker.location.city();
    let state = source.state;
    let region = source.region_code;
    if (source.state !== '' && !this.kept('state')) {
      if (source.country_code === 'US' && US_STATES.length > 0) {
        const index = faker.number.int({ min: 0, max: US_STATES.length - 1 });
        state = US_STATES[index] as string;
        region = US_STATE_CODES[index] ?? region;
      } else {
        state = faker.location.county();
        region = region === '' ? '' : state.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase();
      }
    }
    const text = [city, state, source.country_full].filter((part) => part !== '').join(', ');
    const area = source.geographic_area
      .split(source.city === '' ? /(?!)/ : source.city)
      .join(city)
      .split(source.state === '' ? /(?!)/ : source.state)
      .join(state);
    return {
      ...source,
      network_text: source.network_text === '' ? '' : text,
      display_text: source.display_text === '' ? '' : text,
      region_code: region,
      state,
      city,
      geographic_area: area,
    };
  }

  /**
   * A count coarsened to its first digit's bucket (`1,234` to somewhere in `1,000`-`1,999`, drawn from the salt and
   * `identity`), counts under 10 as they are, and anything from `cap` on as `cap` (the network shows 500 connections as
   * "500+").
   */
  count(field: string, value: number | null, identity: string, cap = Number.POSITIVE_INFINITY): number | null {
    if (value === null || this.kept(field) || value < 10) return value;
    if (value >= cap) return cap;
    const unit = 10 ** Math.floor(Math.log10(value));
    const low = Math.floor(value / unit) * unit;
    const drawn = low + (this.hash(`count-${field}`, identity).readUInt32BE(0) % unit);
    return Math.min(drawn, cap - 1);
  }

  /** A founding year coarsened to its decade, no later than `latest`. */
  foundingYear(field: string, value: string | null, identity: string, latest: number): string | null {
    if (value === null || value === '' || this.kept(field)) return value;
    const year = /^(\d{4})/.exec(value)?.[1];
    if (year === undefined) return this.text(field, value);
    const decade = Math.floor(Number(year) / 10) * 10;
    return String(Math.min(latest, decade + (this.hash('founded', identity).readUInt32BE(0) % 10)));
  }

  /** A seed for what the mock derives from one (a person's work history), from the value it belongs to. */
  seedOf(value: string): number {
    return this.hash('seed', value).readUInt32BE(0) & 0x7fffffff;
  }

  private hash(form: string, value: string): Buffer {
    return createHmac('sha256', this.salt).update(`${form}\0${value}`).digest();
  }

  private seeded(form: string, value: string): Faker {
    this.faker.seed(this.hash(form, value).readUInt32BE(0));
    return this.faker;
  }

  private code(form: string, value: string, length: number): string {
    return BigInt(`0x${this.hash(form, value).toString('hex').slice(0, 16)}`).toString(36).slice(-length).padStart(length, '0');
  }
}
