import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MODES } from '@common/modes';
import { users } from './users';
import { processedImages } from './processed-images';

export const usageRecords = pgTable(
  'usage_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the image is deleted; the record of spending stays. */
    imageId: uuid().references(() => processedImages.id, { onDelete: 'set null' }),
    editingMode: text({ enum: MODES }).notNull(),
    creditsUsed: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('usage_records_user_id_idx').on(t.userId), index('usage_records_image_id_idx').on(t.imageId)],
);
