import type { Route } from '../engine/router';
import { getActivitySummary, listActivity } from './activity';
import { listAccounts } from './accounts';
import { listCompanies, updateCompany } from './companies';
import { findContactEmail, importContact, listContacts, updateContact } from './contacts';
import { listConversations } from './conversations';
import { createDraft } from './drafts';
import { enrich } from './enrich';
import { listConversationMessages } from './messages';
import { listOrganizations } from './organization';
import { createView, listViews } from './views';

/** Every operation the mock answers, one file per resource. */
export const routes: Route[] = [
  listOrganizations,
  listAccounts,
  listContacts,
  importContact,
  updateContact,
  findContactEmail,
  listCompanies,
  updateCompany,
  listViews,
  createView,
  enrich,
  listConversations,
  listConversationMessages,
  createDraft,
  listActivity,
  getActivitySummary,
];
