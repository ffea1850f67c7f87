import type { Db } from '../db/client';
import { createApiKeyRepository } from './api-key.repository';
import { createContactMessageRepository } from './contact-message.repository';
import { createCreditRepository } from './credit.repository';
import { createPlanChangeRepository } from './plan-change.repository';
import { createProcessedImageRepository } from './processed-image.repository';
import { createSessionRepository } from './session.repository';
import { createStripeEventRepository } from './stripe-event.repository';
import { createUsageRecordRepository } from './usage-record.repository';
import { createUserRepository } from './user.repository';

/** Every repository, over one connection or one transaction. */
export interface Repositories {
  users: ReturnType<typeof createUserRepository>;
  sessions: ReturnType<typeof createSessionRepository>;
  images: ReturnType<typeof createProcessedImageRepository>;
  credits: ReturnType<typeof createCreditRepository>;
  usage: ReturnType<typeof createUsageRecordRepository>;
  contactMessages: ReturnType<typeof createContactMessageRepository>;
  planChanges: ReturnType<typeof createPlanChangeRepository>;
  stripeEvents: ReturnType<typeof createStripeEventRepository>;
  apiKeys: ReturnType<typeof createApiKeyRepository>;
}

/** The data layer as services see it: the repositories, and a unit of work whose repositories share one transaction. */
export interface DataStore extends Repositories {
  /** Runs `work` in one transaction: all its writes land, or none do. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
}

function repositoriesOver(db: Db): Repositories {
  return {
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    images: createProcessedImageRepository(db),
    credits: createCreditRepository(db),
    usage: createUsageRecordRepository(db),
    contactMessages: createContactMessageRepository(db),
    planChanges: createPlanChangeRepository(db),
    stripeEvents: createStripeEventRepository(db),
    apiKeys: createApiKeyRepository(db),
  };
}

/** Built once, by the composition root. */
export function createDataStore(db: Db): DataStore {
  return {
    ...repositoriesOver(db),
    // Drizzle's transaction type is a subclass of the database type with other type parameters; the
    // repositories use only what both have.
    transaction: (work) => db.transaction((tx) => work(repositoriesOver(tx as unknown as Db))),
  };
}
