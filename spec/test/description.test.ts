// The spec is the service description: section 4 transcribed here, checked against spec/openapi.yaml.
import { describe, expect, it } from 'vitest';
import { deref, spec, specOperations, type Node } from './load';

const ID = '^[1-9][0-9]*$';

interface ParamRule {
  in?: 'query' | 'path';
  required?: boolean;
  type?: string;
  items?: string;
  pattern?: string;
  enum?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
}

const accountIds: ParamRule = { type: 'array', items: 'string', pattern: ID };
const limit: ParamRule = { type: 'integer', minimum: 1, default: 10 };
const cursor: ParamRule = { type: 'string' };
const activityFilters: Record<string, ParamRule> = {
  from: { type: 'string' },
  to: { type: 'string' },
  timezone: { type: 'string', default: 'UTC' },
  account_id: accountIds,
  user_id: { type: 'array', items: 'string', pattern: ID },
  event_type: { type: 'array' },
  channel: { type: 'array', items: 'string' },
  source: { type: 'array', items: 'string' },
  tag: { type: 'string' },
};

const description: Array<{ method: string; path: string; params: Record<string, ParamRule>; statuses: string[] }> = [
  { method: 'get', path: '/v1/organization', params: {}, statuses: ['200'] },
  { method: 'get', path: '/v1/accounts', params: {}, statuses: ['200'] },
  {
    method: 'get',
    path: '/v1/activity',
    params: { ...activityFilters, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, cursor },
    statuses: ['200', '400', '401', '403', '429'],
  },
  { method: 'get', path: '/v1/activity/summary', params: activityFilters, statuses: ['200', '400', '401', '403', '429'] },
  { method: 'post', path: '/v1/enrich', params: {}, statuses: ['200', '400', '401', '403', '404', '429', '500', '502'] },
  {
    method: 'post',
    path: '/v1/contacts',
    params: {},
    statuses: ['200', '201', '400', '401', '403', '404', '409', '429', '500', '502'],
  },
  {
    method: 'get',
    path: '/v1/contacts',
    params: {
      account_id: accountIds,
      limit,
      cursor,
      query: { type: 'string' },
      company_name: { type: 'string' },
      headline: { type: 'string' },
      search: { type: 'string' },
      location: { type: 'string' },
      company_size: { type: 'string' },
      tag: { type: 'string' },
      relationship_status: { type: 'string', enum: ['any', 'connected', 'not_connected', 'unknown'], default: 'any' },
      invitation_status: { type: 'string', enum: ['pending'] },
      conversation_id: { type: 'string' },
      view_id: { type: 'string' },
    },
    statuses: ['200', '400', '401', '403', '429'],
  },
  {
    method: 'patch',
    path: '/v1/contacts/{contact_id}',
    params: { contact_id: { in: 'path', required: true, type: 'string', pattern: ID } },
    statuses: ['200', '400', '401', '403', '429', '500'],
  },
  {
    method: 'post',
    path: '/v1/contacts/{contact_id}/find-email',
    params: { contact_id: { in: 'path', required: true, type: 'string', pattern: ID } },
    statuses: ['200', '400', '401', '403', '429'],
  },
  {
    method: 'get',
    path: '/v1/companies',
    params: { account_id: accountIds, limit, cursor, view_id: { type: 'string' } },
    statuses: ['200', '400', '401', '403', '404', '429', '500'],
  },
  {
    method: 'patch',
    path: '/v1/companies/{company_id}',
    params: { company_id: { in: 'path', required: true, type: 'string', pattern: ID } },
    statuses: ['200', '400', '401', '403', '404', '429', '500'],
  },
  {
    method: 'get',
    path: '/v1/conversations',
    params: { tag: { type: 'string' }, contact_id: { type: 'string', pattern: ID }, limit, cursor },
    statuses: ['200', '400', '401', '403', '429'],
  },
  {
    method: 'get',
    path: '/v1/conversations/{conversationId}/messages',
    params: {
      conversationId: { in: 'path', required: true, type: 'string' },
      account_id: { required: true, type: 'string', pattern: ID },
      limit,
      cursor,
    },
    statuses: ['200', '400', '401', '403', '429'],
  },
  { method: 'post', path: '/v1/drafts', params: {}, statuses: ['200', '400', '401', '403', '404', '429', '500'] },
  { method: 'get', path: '/v1/views', params: { account_id: accountIds, limit, cursor }, statuses: ['200', '400', '401', '403', '429'] },
  { method: 'post', path: '/v1/views', params: {}, statuses: ['201', '400', '401', '403', '429', '500'] },
];

const bodies: Record<string, { required: string[]; properties: string[] }> = {
  'post /v1/enrich': { required: ['account_id'], properties: ['account_id', 'network_url', 'contact_id'] },
  'post /v1/contacts': { required: ['account_id', 'network_url'], properties: ['account_id', 'network_url'] },
  'patch /v1/contacts/{contact_id}': { required: [], properties: ['account_id', 'tags', 'notes_json'] },
  'post /v1/contacts/{contact_id}/find-email': { required: ['account_id'], properties: ['account_id'] },
  'patch /v1/companies/{company_id}': { required: [], properties: ['account_id', 'tags', 'notes_json'] },
  'post /v1/drafts': { required: ['account_id', 'draft_message'], properties: ['account_id', 'draft_message', 'contact_id', 'conversation_id'] },
  'post /v1/views': { required: ['account_id', 'type', 'name', 'filters'], properties: ['account_id', 'type', 'name', 'description', 'filters'] },
};

describe('every operation of the description is in the spec', () => {
  it('has exactly the description operations', () => {
    const inSpec = specOperations.map((o) => `${o.method} ${o.path}`).sort();
    expect(inSpec).toEqual(description.map((d) => `${d.method} ${d.path}`).sort());
  });

  for (const expected of description) {
    describe(`${expected.method.toUpperCase()} ${expected.path}`, () => {
      const operation = specOperations.find((o) => o.method === expected.method && o.path === expected.path);

      it('requires the bearer scheme and has a readable operationId, a summary and one tag', () => {
        expect(operation).toBeDefined();
        const security = operation!.op.security ?? spec.security;
        expect(security).toEqual([{ bearerAuth: [] }]);
        expect(operation!.operationId).toMatch(/^[a-z][A-Za-z]+$/);
        expect(operation!.op.summary).toBeTruthy();
        expect(operation!.op.tags).toHaveLength(1);
      });

      for (const [name, rule] of Object.entries(expected.params)) {
        it(`has parameter ${name} with its rules`, () => {
          const param = operation!.parameters.find((p: Node) => p.name === name);
          expect(param, `parameter ${name}`).toBeDefined();
          expect(param.in).toBe(rule.in ?? 'query');
          expect(Boolean(param.required)).toBe(Boolean(rule.required));
          const schema = deref(param.schema);
          if (rule.type) expect(schema.type).toBe(rule.type);
          const scalar = schema.type === 'array' ? deref(schema.items) : schema;
          if (rule.items) expect(scalar.type).toBe(rule.items);
          if (rule.pattern) expect(scalar.pattern).toBe(rule.pattern);
          if (rule.enum) expect(scalar.enum).toEqual(rule.enum);
          if (rule.default !== undefined) expect(schema.default).toEqual(rule.default);
          if (rule.minimum !== undefined) expect(schema.minimum).toBe(rule.minimum);
          expect(schema.maximum).toBe(rule.maximum);
          // Arrays: repeated (form, explode) and, per the description, comma-separated too.
          if (schema.type === 'array') {
            expect(param.style ?? 'form').toBe('form');
            expect(param.explode ?? true).toBe(true);
            expect(`${param.description} ${spec.info.description}`).toMatch(/comma-separated/);
          }
        });
      }

      it('lists every documented status, 429 with Retry-After', () => {
        const statuses = Object.keys(operation!.op.responses);
        for (const status of expected.statuses) expect(statuses).toContain(status);
        for (const status of statuses.filter((s) => Number(s) >= 400)) {
          const schema = deref(operation!.op.responses[status]).content['application/json'].schema;
          expect(schema.$ref).toBe('#/components/schemas/ErrorBody');
        }
        if (statuses.includes('429')) {
          expect(deref(operation!.op.responses['429']).headers['Retry-After']).toBeDefined();
        }
      });

      const body = bodies[`${expected.method} ${expected.path}`];
      if (body) {
        it('has the described request body', () => {
          const schema = deref(operation!.op.requestBody.content['application/json'].schema);
          expect(schema.required ?? []).toEqual(body.required);
          expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(body.properties));
        });
      }
    });
  }
});

describe('components', () => {
  const schemas = spec.components.schemas;

  it('error body has the 16 codes of section 7', () => {
    expect(schemas.ErrorCode.enum).toEqual([
      'unauthorized', 'forbidden', 'not_found', 'bad_request', 'internal_error', 'conflict',
      'rate_limit_exceeded', 'account_shared_access_required', 'billing_payment_failed',
      'billing_subscription_incomplete', 'billing_subscription_expired', 'billing_grace_period',
      'billing_feature_not_available', 'billing_insufficient_credits', 'billing_invalid', 'upstream_error',
    ]);
    expect(schemas.ErrorBody.required).toEqual(['code', 'message']);
    expect(Object.keys(schemas.ErrorBody.properties)).toEqual(['code', 'message', 'debug']);
  });

  it('has every resource of section 2 with its fields', () => {
    const fields: Record<string, string[]> = {
      Organization: ['id', 'name', 'created_at'],
      AccountSummary: ['account_id', 'display_name', 'provider_account_id', 'owner_user_id'],
      Contact: ['account_relationship_id', 'contact_id', 'provider_participant_id', 'public_identifier', 'account', 'name',
        'first_name', 'last_name', 'headline', 'primary_role_title', 'primary_company_name', 'work_email', 'phone',
        'network_url', 'avatar_url', 'background_cover_url', 'about', 'profile_action_label', 'profile_action_url',
        'follower_count', 'connections_count', 'relationship_status', 'connection_invitation', 'contact_enrichment',
        'tags', 'notes_json', 'languages', 'experiences', 'educations', 'locations', 'company', 'last_interaction_at',
        'sequence', 'app_url'],
      Tag: ['name', 'color'],
      Experience: ['experience_id', 'is_current', 'company_participant_id', 'company_provider_participant_id',
        'company_name', 'title', 'employment_type', 'location', 'start_at', 'end_at', 'description'],
      Education: ['education_id', 'school_participant_id', 'school_provider_participant_id', 'school_name', 'degree',
        'field_of_study', 'start_at', 'end_at', 'description'],
      Location: ['is_primary', 'is_headquarter', 'network_text', 'display_text', 'country_code', 'region_code',
        'country', 'country_full', 'state', 'city', 'geographic_area'],
      Industry: ['name', 'title', 'industry_urn', 'provider_industry_id', 'hierarchy'],
      Company: ['company_id', 'provider_participant_id', 'name', 'public_identifier', 'headline', 'network_url',
        'avatar_url', 'background_cover_url', 'headcount', 'employee_count', 'founding_date', 'website_url',
        'follower_count', 'about', 'notes_json', 'tags', 'industries', 'locations'],
      Sequence: ['sequence_id', 'status', 'stop_if_person_replies', 'steps', 'reply_guard_after', 'next_step_id',
        'next_step_scheduled_for'],
      SequenceStep: ['step_id', 'step_type', 'trigger_type', 'position', 'message_mode', 'state',
        'template_run_public_id', 'scheduled_for'],
      View: ['id', 'public_id', 'type', 'view_kind', 'name', 'description', 'account', 'selected_contact_ids',
        'simple_filters_json', 'app_url', 'created_at', 'updated_at'],
      ActivityEvent: ['id', 'occurred_at', 'recorded_at', 'event_type', 'source', 'channel', 'user_id', 'account_id',
        'subject_key', 'attribution_method', 'metadata'],
      ActivityFilters: ['from', 'to', 'to_exclusive', 'account_ids', 'event_types', 'channels', 'sources', 'tag_attribution'],
      Pagination: ['limit', 'has_more', 'next_cursor'],
      Message: ['message_id', 'provider_message_id', 'conversation_id', 'direction', 'sent_at', 'is_edited',
        'is_deleted', 'text', 'sender_participant_id', 'attachments'],
      Attachment: ['attachment_id', 'kind', 'provider_attachment_id', 'title', 'subtitle', 'description', 'url',
        'thumbnail_url', 'mime_type', 'file_name', 'sort_order', 'size_bytes', 'width', 'height', 'duration_ms'],
      EnrichmentParticipant: ['provider', 'provider_participant_id', 'kind', 'public_identifier', 'profile_url',
        'first_name', 'last_name', 'full_name', 'headline', 'avatar_url', 'background_cover_url', 'primary_company',
        'primary_company_name', 'primary_role_title', 'profile_fetched_at', 'updated_at', 'headcount',
        'employee_count', 'website_url', 'follower_count', 'about'],
      EnrichmentBlock: ['participant', 'languages', 'experiences', 'educations', 'locations', 'industries'],
    };
    for (const [name, expected] of Object.entries(fields)) {
      expect(Object.keys(schemas[name].properties), name).toEqual(expect.arrayContaining(expected));
    }
  });

  it('types date-times and URLs with formats', () => {
    expect(schemas.Organization.properties.created_at.format).toBe('date-time');
    expect(schemas.Organization.properties.id).toEqual({ type: 'integer', format: 'int32' });
    expect(schemas.Contact.properties.network_url.format).toBe('uri');
    expect(schemas.View.properties.created_at.format).toBe('date-time');
    expect(schemas.Message.properties.sent_at.format).toBe('date-time');
  });

  it('allows custom fields on contacts and companies, and null on PATCH', () => {
    expect(deref(schemas.Contact.additionalProperties).type).toEqual(['string', 'number', 'boolean']);
    expect(deref(schemas.Company.additionalProperties).type).toEqual(['string', 'number', 'boolean']);
    expect(deref(schemas.UpdateContactRequest.additionalProperties).type).toEqual(['string', 'number', 'boolean', 'null']);
    expect(deref(schemas.UpdateCompanyRequest.additionalProperties).type).toEqual(['string', 'number', 'boolean', 'null']);
  });

  it('says which records are this project own', () => {
    for (const name of ['Conversation', 'Draft', 'ActivitySummary', 'ImportWarning', 'SequenceStep', 'Sequence', 'EnrichmentStatus', 'Company']) {
      expect(schemas[name].description, name).toMatch(/network-org decision/);
    }
  });
});
