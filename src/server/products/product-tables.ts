import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/schema';

/** Row types of migration 0003-products, named as in SQL. */
export type ProductsTable = {
  id: Generated<string>;
  name: string;
  code: string;
  description: Generated<string>;
  price_cents: number;
  image_key: string | null;
  stock: number;
  shirt_sizes: ColumnType<string[], string[] | undefined, string[]>;
  shirt_colors: ColumnType<string[], string[] | undefined, string[]>;
  vinyl_colors: ColumnType<string[], string[] | undefined, string[]>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Migration 0070-stock-reservations: units held by open checkout sessions.
  reserved_stock: Generated<number>;
};

export type ProductImagesTable = {
  key: string;
  content_type: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  created_at: Timestamp;
};

export type ProductTables = {
  products: ProductsTable;
  product_images: ProductImagesTable;
};
