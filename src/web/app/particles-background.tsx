import { useCallback, useEffect, useState } from 'react';
import type { Engine, ISourceOptions } from '@tsparticles/engine';
import { Particles, ParticlesProvider } from '@tsparticles/react';
import { loadSlim } from '@tsparticles/slim';

const PARTICLES_URL = '/assets/particles.json';

async function loadOptions(): Promise<ISourceOptions> {
  try {
    const response = await fetch(PARTICLES_URL);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as ISourceOptions;
  } catch (error) {
    console.error('Error loading particles configuration', error);
    return {};
  }
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
