import { useCallback, useEffect, useState } from 'react';
import type { Engine, ISourceOptions } from '@tsparticles/engine';
import { Particles, ParticlesProvider } from '@tsparticles/react';
import { loadSlim } from '@tsparticles/slim';
import { loadStaticJson } from '../lib/static-json';

const PARTICLES_URL = '/assets/particles.json';

/** tsParticles checks its own settings; the file only has to be a JSON object. */
const ParticlesOptionsSchema = {
  parse(data: unknown): ISourceOptions {
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      throw new TypeError('The particle settings are not a JSON object');
    return data;
  },
};

/** The settings, or none (the animation starts without them, as the specification says). */
async function loadOptions(): Promise<ISourceOptions> {
  return (await loadStaticJson(PARTICLES_URL, ParticlesOptionsSchema, 'Error loading particles configuration')) ?? {};
}

/** The animated background of the whole app (element id `particles`). Loaded lazily after first paint. */
export function ParticlesBackground() {
  const [options, setOptions] = useState<ISourceOptions | undefined>();
  const init = useCallback((engine: Engine) => loadSlim(engine), []);

  useEffect(() => {
    let cancelled = false;
    void loadOptions().then((loaded) => {
      if (!cancelled) setOptions(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (options === undefined) return null;
  return (
    <ParticlesProvider init={init}>
      <Particles id="particles" options={{ ...options, fullScreen: { enable: true, zIndex: -1 } }} />
    </ParticlesProvider>
  );
}
