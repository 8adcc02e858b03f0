import { expect, test } from './fixtures';

// What the production build publishes: the site's code, never its source maps (they stay in
// dist/sourcemaps for debugging), whatever spelling of the URL is tried.
test('the built site serves its scripts but no source map, under any spelling', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/<script[^>]+src="(\/static\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const code = await request.get(script);
    expect(code.status(), script).toBe(200);
    expect(await code.text()).not.toContain('sourceMappingURL');
    for (const probe of [
      `${script}.map`,
      `${script}%2emap`,
      `${script}.map.gz`,
      `${script}.map.br`,
      `${script.replace(/\.js$/, '%2Ejs')}.map`,
    ]) {
      expect((await request.get(probe)).status(), probe).toBe(404);
    }
  }
});
