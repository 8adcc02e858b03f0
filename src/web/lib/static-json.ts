/**
 * Fetches one of the site's static JSON files (public/data, public/assets) and validates it with a
 * zod schema or a first-load validator. A failed fetch or invalid content is logged with
 * `failureLog` (some are the specification's own words) and gives null; it never throws.
 */
export async function loadStaticJson<T>(
  url: string,
  schema: { parse: (data: unknown) => T },
  failureLog: string,
  /** Given a copy of a good answer (e.g. to keep it for offline use). */
  keep?: (response: Response) => void,
): Promise<T | null> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const parsed = schema.parse(await response.clone().json());
    keep?.(response);
    return parsed;
  } catch (error) {
    console.error(failureLog, error);
    return null;
  }
}
