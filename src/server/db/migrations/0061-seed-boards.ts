import { sql, type Kysely } from 'kysely';
import seed from '../../../../public/data/movielist.json' with { type: 'json' };

/**
 * The boards that were the static movie list (2018–2025), imported once with their ids kept, so
 * every fan's seen marks, share links and `/db` keep working (decision 150). A migration runs once
 * per database, in the migrator's transaction, under its lock (and the start-up lock: several
 * instances starting at once seed once); the test and first-start templates include it. It only
 * seeds a database with no boards. The list is bundled with the server: the file is not served.
 * Self-contained SQL on purpose: a migration must keep working when the app's code moves on.
 */
type SeedMovie = {
  id: string;
  name: string;
  year: number;
  description: string;
  imageURL: string;
  starDescriptionA: string;
  starRatingA: number;
  starDescriptionB: string;
  starRatingB: number;
  runtime: number;
};

const BOARD_SIZE = 25;
const FREE_SPACE_INDEX = 12;

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from boards`.execute(db);
  if (Number(rows[0]?.count ?? 0) > 0) return;
  const movies: readonly SeedMovie[] = seed;
  for (let start = 0; start < movies.length; start += BOARD_SIZE) {
    const board = movies.slice(start, start + BOARD_SIZE);
    const year = board[FREE_SPACE_INDEX]?.year;
    if (board.length !== BOARD_SIZE || year === undefined) throw new Error(`movielist.json: a board of ${board.length} entries`);
    for (const [position, movie] of board.entries()) {
      await sql`
        insert into movies (id, name, year, description, star_description_a, star_rating_a, star_description_b,
          star_rating_b, runtime, free_space, poster_static)
        values (${movie.id}, ${movie.name}, ${movie.year}, ${movie.description}, ${movie.starDescriptionA},
          ${Math.round(movie.starRatingA * 2)}, ${movie.starDescriptionB}, ${Math.round(movie.starRatingB * 2)},
          ${movie.runtime}, ${position === FREE_SPACE_INDEX}, ${movie.imageURL})
        on conflict (id) do nothing`.execute(db);
    }
    await sql`insert into boards (year, status, published_at) values (${year}, 'published', now())`.execute(db);
    await sql`
      insert into board_slots (board_year, position, movie_id)
      select ${year}, ordinality - 1, id from unnest(${board.map((movie) => movie.id)}::text[]) with ordinality as id`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from board_slots`.execute(db);
  await sql`delete from boards`.execute(db);
  await sql`delete from movies`.execute(db);
}
