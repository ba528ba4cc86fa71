import type { Route } from '../engine/router';
import { listAccounts } from './accounts';
import { listCompanies, updateCompany } from './companies';
import { findContactEmail, importContact, listContacts, updateContact } from './contacts';
import { enrich } from './enrich';
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
];
