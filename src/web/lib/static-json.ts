/**
 * Fetches one of the site's static JSON files (public/data) and validates it with a zod schema or a
 * first-load validator. A failed fetch or invalid content is logged as "Could not load `what`" and
 * gives null; it never throws.
 */
export async function loadStaticJson<T>(url: string, schema: { parse: (data: unknown) => T }, what: string): Promise<T | null> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return schema.parse(await response.json());
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    return null;
  }
}
