const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/**
 * Text for markup written as a string: HTML (the page heads, the API reference) and XML (the
 * sitemap, the SVG posters and share images). Safe in element content and in quoted attributes,
 * and the same characters as react-dom/server writes them. HTML drawn from components (src/ui)
 * needs none: React escapes it.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}
