import type { Pools } from './pools';
import { Random } from './random';
import type { EducationRecord, ExperienceRecord, NetworkCompanyRecord, NetworkPersonRecord, PersonDetails } from './types';

/**
 * A person's about, languages, experiences and educations, derived from `details_seed`: the same person
 * always gets the same details, and nothing of it is held in memory between requests.
 */
export function personDetails(
  person: NetworkPersonRecord,
  pools: Pools,
  historyCompanies: readonly NetworkCompanyRecord[],
  now: Date,
): PersonDetails {
  const random = new Random(person.details_seed);
  const year = now.getUTCFullYear();
  const idBase = person.provider_participant_id.replace(/\D/g, '');

  const currentStart = year - random.int(0, 6);
  // A current position started this year started by this month at the latest: nothing seeded lies after `now`.
  const startMonth = Math.min(random.int(1, 12), currentStart === year ? now.getUTCMonth() + 1 : 12);
  const experiences: ExperienceRecord[] = [
    {
      experience_id: `${idBase}1`,
      is_current: true,
      company: person.company,
      company_name: person.company.name,
      title: person.primary_role_title,
      employment_type: 'full_time',
      location: person.location.display_text,
      start_at: `${currentStart}-${String(startMonth).padStart(2, '0')}`,
      end_at: null,
      description: random.chance(0.5) ? random.pick(pools.catchPhrases) : null,
    },
  ];
  let end = currentStart;
  const pastCount = random.int(1, 3);
  for (let index = 0; index < pastCount; index++) {
    const start = end - random.int(1, 5);
    const company = random.pick(historyCompanies);
    experiences.push({
      experience_id: `${idBase}${index + 2}`,
      is_current: false,
      company,
      company_name: company.name,
      title: random.pick(pools.jobTitles),
      employment_type: random.pick(pools.employmentTypes),
      location: random.pick(pools.locations).display_text,
      start_at: String(start),
      end_at: String(end),
      description: random.chance(0.3) ? random.pick(pools.catchPhrases) : null,
    });
    end = start;
  }

  const educations: EducationRecord[] = [];
  const educationCount = random.int(1, 2);
  let graduation = end;
  for (let index = 0; index < educationCount; index++) {
    educations.push({
      education_id: `${idBase}${index + 1}`,
      school: null,
      school_name: random.pick(pools.schools),
      degree: random.pick(pools.degrees),
      field_of_study: random.pick(pools.fieldsOfStudy),
      start_at: String(graduation - random.int(2, 4)),
      end_at: String(graduation),
      description: null,
    });
    graduation -= random.int(3, 5);
  }

  const languages = ['English', ...random.sample(pools.languages.slice(1), random.int(0, 2))];
  return { about: random.pick(pools.bios), languages, experiences, educations };
}
