import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MODES } from '@common/modes';
import { users } from './users';

export const IMAGE_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

export const processedImages = pgTable(
  'processed_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originalFilename: text().notNull(),
    /** Storage keys, never file-system paths from the request. */
    originalPath: text().notNull(),
    processedPath: text(),
    maskPath: text(),
    editingMode: text({ enum: MODES }).notNull().default('watermark-removal'),
    status: text({ enum: IMAGE_STATUSES }).notNull().default('pending'),
    /** The provider that produced the result, e.g. 'local-isnet'. */
    providerId: text(),
    errorMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('processed_images_user_id_idx').on(t.userId)],
);

export type ProcessedImageRow = typeof processedImages.$inferSelect;
