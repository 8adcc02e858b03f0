import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARTICLE_SETTINGS,
  mergeOptions,
  parseParticleSettings,
  particleSettingsFor,
  responsiveOverride,
} from './particle-settings';

describe('particle settings: reading particles.json', () => {
  it('reads every honoured option', () => {
    const settings = parseParticleSettings({
      background: { color: { value: '#000' } },
      fpsLimit: 50,
      detectRetina: false,
      particles: {
        number: { value: 10, density: { enable: true, width: 800, height: 600 } },
        color: { value: '#abc' },
        shape: { type: 'square' },
        opacity: { value: 0.5 },
        size: { value: { min: 2, max: 6 } },
        links: { enable: false, distance: 100, color: '#def', opacity: 0.4, width: 2 },
        move: { enable: false, speed: 2 },
      },
      interactivity: {
        events: { onHover: { enable: true, mode: 'grab' }, resize: { enable: true } },
        modes: { grab: { distance: 90, links: { opacity: 0.7 } } },
      },
    });
    expect(settings).toEqual({
      background: '#000',
      fpsLimit: 50,
      detectRetina: false,
      number: { value: 10, density: { enable: true, width: 800, height: 600 } },
      colors: ['#abc'],
      shapes: ['square'],
      opacity: { min: 0.5, max: 0.5 },
      size: { min: 2, max: 6 },
      links: { enable: false, distance: 100, color: '#def', opacity: 0.4, width: 2 },
      move: { enable: false, speed: { min: 2, max: 2 } },
      grab: { enable: true, distance: 90, opacity: 0.7, color: null },
      resize: true,
    });
  });

  it('starts with MINGO’s own look when there is no configuration', () => {
    expect(parseParticleSettings(null)).toEqual(DEFAULT_PARTICLE_SETTINGS);
    expect(parseParticleSettings('nope')).toEqual(DEFAULT_PARTICLE_SETTINGS);
    expect(parseParticleSettings({})).toEqual(DEFAULT_PARTICLE_SETTINGS);
  });

  it('takes the usual value for a mistyped or out-of-range option and keeps the valid ones', () => {
    const settings = parseParticleSettings({
      fpsLimit: -5,
      detectRetina: 'yes',
      particles: {
        number: { value: 1e9, density: { enable: false } },
        color: { value: [42, '', '#123456'] },
        shape: { type: ['star', 'square'] },
        opacity: { value: { min: 0.9, max: 0.1 } },
        size: { value: 'big' },
        links: { distance: 'far', opacity: 2, color: { value: 'red' } },
        move: { speed: { min: 1, max: 3 } },
      },
    });
    expect(settings.fpsLimit).toBe(60);
    expect(settings.detectRetina).toBe(true);
    expect(settings.number).toEqual({ value: 60, density: { enable: false, width: 1920, height: 1080 } });
    expect(settings.colors).toEqual(['#123456']);
    expect(settings.shapes).toEqual(['square']);
    expect(settings.opacity).toEqual({ min: 0.1, max: 0.9 });
    expect(settings.size).toEqual(DEFAULT_PARTICLE_SETTINGS.size);
    expect(settings.links).toEqual({ ...DEFAULT_PARTICLE_SETTINGS.links, color: 'red' });
    expect(settings.move.speed).toEqual({ min: 1, max: 3 });
  });

  it('ignores options it does not draw', () => {
    const withExtras = parseParticleSettings({
      particles: { rotate: { value: 45 }, twinkle: { particles: { enable: true } }, links: { triangles: { enable: true } } },
      emitters: [{}],
      interactivity: { events: { onClick: { enable: true, mode: 'push' } } },
    });
    expect(withExtras).toEqual(DEFAULT_PARTICLE_SETTINGS);
  });

  it('grabs only in hover mode grab, and only while hover is on', () => {
    expect(parseParticleSettings({ interactivity: { events: { onHover: { enable: true, mode: 'repulse' } } } }).grab.enable).toBe(false);
    expect(parseParticleSettings({ interactivity: { events: { onHover: { enable: true, mode: ['bubble', 'grab'] } } } }).grab.enable).toBe(
      true,
    );
    expect(parseParticleSettings({ interactivity: { events: { onHover: { enable: false, mode: 'grab' } } } }).grab.enable).toBe(false);
  });

  it('reads the resize switch in the old and the new form, and a grab line colour of its own', () => {
    expect(parseParticleSettings({ interactivity: { events: { resize: false } } }).resize).toBe(false);
    expect(parseParticleSettings({ interactivity: { events: { resize: { enable: false } } } }).resize).toBe(false);
    expect(parseParticleSettings({ interactivity: { modes: { grab: { links: { color: '#fff' } } } } }).grab.color).toBe('#fff');
  });
});

describe('particle settings: responsive overrides', () => {
  const options = {
    fpsLimit: 60,
    particles: { number: { value: 60 }, links: { enable: true, distance: 140 } },
    responsive: [
      { maxWidth: 1024, options: { particles: { number: { value: 40 } } } },
      { maxWidth: 640, options: { fpsLimit: 30, particles: { number: { value: 24 }, links: { enable: false } } } },
    ],
  };

  it('applies the entry with the smallest maxWidth above the width', () => {
    expect(responsiveOverride(options, 390)).toEqual(options.responsive[1]?.options);
    expect(responsiveOverride(options, 800)).toEqual(options.responsive[0]?.options);
    expect(responsiveOverride(options, 1024)).toBeUndefined();
    expect(responsiveOverride({ responsive: 'no' }, 390)).toBeUndefined();
  });

  it('merges the override over the options, key by key', () => {
    const phone = particleSettingsFor(options, 390);
    expect(phone.fpsLimit).toBe(30);
    expect(phone.number.value).toBe(24);
    expect(phone.links).toMatchObject({ enable: false, distance: 140 });
    const tablet = particleSettingsFor(options, 800);
    expect(tablet).toMatchObject({ fpsLimit: 60, number: { value: 40 }, links: { enable: true } });
    expect(particleSettingsFor(options, 1280).number.value).toBe(60);
  });

  it('replaces lists instead of merging them', () => {
    expect(mergeOptions({ a: { list: [1, 2, 3], keep: true } }, { a: { list: [9] } })).toEqual({ a: { list: [9], keep: true } });
    expect(mergeOptions({ a: 1 }, undefined)).toEqual({ a: 1 });
  });
});

describe('particle settings: values at and past their limits', () => {
  const linksDistance = (distance: unknown) => parseParticleSettings({ particles: { links: { distance } } }).links.distance;

  it.each([
    [0, 0],
    [10_000, 10_000],
    [-1, 140],
    [10_001, 140],
    ['200', 140],
    [Number.POSITIVE_INFINITY, 140],
  ])('links.distance %j is read as %j (140 is the default)', (given, read) => {
    expect(linksDistance(given)).toBe(read);
  });

  it('keeps the default opacity range unless both ends are valid', () => {
    const opacity = (value: unknown) => parseParticleSettings({ particles: { opacity: { value } } }).opacity;
    expect(opacity({ min: 0.2, max: 'x' })).toEqual(DEFAULT_PARTICLE_SETTINGS.opacity);
    expect(opacity({ min: 'x', max: 0.2 })).toEqual(DEFAULT_PARTICLE_SETTINGS.opacity);
  });

  it('trims colours and skips blank ones', () => {
    expect(parseParticleSettings({ background: { color: '  #101010 ' } }).background).toBe('#101010');
    expect(parseParticleSettings({ background: { color: '   ' } }).background).toBe(DEFAULT_PARTICLE_SETTINGS.background);
    expect(parseParticleSettings({ particles: { color: { value: [' #abcdef ', '', '  ', 5] } } }).colors).toEqual(['#abcdef']);
  });

  it.each([
    ['grab', true],
    [['bubble', 'grab'], true],
    [['bubble'], false],
    ['grabbing', false],
  ])('hover mode %j turns grab lines on: %j', (mode, enabled) => {
    expect(parseParticleSettings({ interactivity: { events: { onHover: { enable: true, mode } } } }).grab.enable).toBe(enabled);
  });

  it('skips responsive entries it cannot read and keeps the first of equal widths', () => {
    expect(responsiveOverride({ responsive: {} }, 390)).toBeUndefined();
    const first = { fpsLimit: 30 };
    const second = { fpsLimit: 24 };
    const entries = [
      { maxWidth: '640', options: { fpsLimit: 10 } },
      { maxWidth: 500, options: 5 },
      { maxWidth: 640, options: first },
      { maxWidth: 640, options: second },
      { maxWidth: 1024, options: { fpsLimit: 50 } },
    ];
    expect(responsiveOverride({ responsive: entries }, 390)).toBe(first);
  });
});
