import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * Storage keys, made by the server (never a path from a request). The columns keep the names of the
     * product's data model (original_path, processed_path, mask_path); the code calls them what they are.
     */
    originalKey: text('original_path').notNull(),
    resultKey: text('processed_path'),
    maskKey: text('mask_path'),
    /** Sizes in pixels, so a mask can be checked against the picture without reading it from storage. */
    width: integer(),
    height: integer(),
    resultWidth: integer(),
    resultHeight: integer(),
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
