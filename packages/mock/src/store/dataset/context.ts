import type { Faker } from '@faker-js/faker';
import type { Random } from '../random';
import type { Store } from '../store';
import type { ActivityEventRecord } from '../types';

export interface DatasetSize {
  /** Build the organizations, users and keys only (the dataset a snapshot is loaded on). */
  organizationsOnly?: true;
  contactsPerAccount: number;
  /** Contacts of Acme's shared admin account when it should differ from the others (the large-account benchmark). */
  primaryAccountContacts: number;
  conversationsPerAccount: number;
  networkSize: number;
}

/**
 * A dataset being built: the store it goes into and the random streams it draws from, in one fixed order (the same
 * dataset seed gives the same dataset only while every draw stays where it is).
 */
export interface BuildContext {
  store: Store;
  faker: Faker;
  random: Random;
  size: DatasetSize;
  /** Events gathered while building, numbered in time order at the end. */
  activity: ActivityEventRecord[];
}
