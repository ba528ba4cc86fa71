import type { VersionedStorage } from './storage';
import type { ActivityEventRecord } from './types';

/** The activity the organizations' accounts recorded, in the order recorded (readers sort). */
export class Activity {
  constructor(private readonly storage: VersionedStorage) {}

  all(): readonly ActivityEventRecord[] {
    return this.storage.data.activity;
  }

  add(event: ActivityEventRecord): void {
    this.storage.own('activity').push(event);
    this.storage.commit();
  }

  /** Replaces every event at once (the dataset builder numbers its events in time order). */
  replaceAll(events: ActivityEventRecord[]): void {
    this.storage.replace('activity', events);
    this.storage.commit();
  }
}
