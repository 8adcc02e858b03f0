import { sql, type Kysely } from 'kysely';

// The shop's catalogue. Money is integer cents; the database itself refuses a non-positive price
// and negative stock, so no code path (checkout included) can store one. Product images are
// stored in the database (decision 030): small normalised WebP files that travel with backups and
// work unchanged behind several app processes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_images')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents > 0`))
    .addColumn('image_key', 'text', (col) => col.references('product_images.key').onDelete('set null'))
    .addColumn('stock', 'integer', (col) => col.notNull().check(sql`stock >= 0`))
    .addColumn('shirt_sizes', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('shirt_colors', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('vinyl_colors', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // The shop lists active products in catalogue order (oldest first, id as the tie-breaker).
  await db.schema.createIndex('products_catalogue_order').on('products').columns(['is_active', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('product_images').execute();
}
